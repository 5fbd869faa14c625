import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';
import { SearchIcon } from './icons.tsx';

/**
 * The shop's one "not found" screen: a page asked for something that is not there (an unknown
 * or missing id, or a 404 from the server; see api/not-found.ts), and the ways on.
 */
export function NotFound({
  title,
  description,
  action,
  icon = <SearchIcon size={28} />,
}: {
  title: string;
  description: string;
  action: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="card">
      <EmptyState icon={icon} title={title} description={description} action={action} />
    </div>
  );
}
