import { Dashboard } from '../features/dashboard';

/** /dashboard (Admin dashboard). */
export default function DashboardPage() {
  return <Dashboard />;
}
