import { Dashboard } from '../features/dashboard/Dashboard';

/** /dashboard (SPEC §2 Admin dashboard). */
export default function DashboardPage() {
  return <Dashboard />;
}
