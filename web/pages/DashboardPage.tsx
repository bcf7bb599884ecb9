import { Dashboard } from '../features/dashboard/Dashboard';

/** /dashboard (Admin dashboard). */
export default function DashboardPage() {
  return <Dashboard />;
}
