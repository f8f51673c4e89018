import { Navigate, Outlet } from 'react-router-dom';
import { useUser } from './AppActors';

/** The cassa is for staff: anyone else is sent to the site root. */
export function AdminOnly() {
  const user = useUser();
  return user?.role_name === 'admin' ? <Outlet /> : <Navigate to="/" replace />;
}
