import { AdminApp } from '../features/admin/AdminApp.tsx';

/** The back office (/admin/*): its own lazily loaded part, apart from the shop's layout. */
export default function AdminPage() {
  return <AdminApp />;
}
