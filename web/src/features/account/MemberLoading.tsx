import { Spinner } from '../../components/Spinner.tsx';

/** While the member's details load (a session whose member is not stored yet). */
export function MemberLoading() {
  return (
    <div role="status" className="card flex items-center justify-center gap-3 py-20 text-sm text-muted">
      <Spinner size={22} className="text-brand" />
      Loading...
    </div>
  );
}
