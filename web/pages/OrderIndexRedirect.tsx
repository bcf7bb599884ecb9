import { Navigate } from 'react-router';

/** The dashboard's empty child path redirects to order/0 (a new order). */
export default function OrderIndexRedirect() {
  return <Navigate to="order/0" replace />;
}
