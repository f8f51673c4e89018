import { Navigate, Outlet } from 'react-router-dom';
import { useIsAdmin } from './AppActors';

/** The cassa is for staff: anyone else is sent to the site root. */
export function AdminOnly() {
  return useIsAdmin() ? <Outlet /> : <Navigate to="/" replace />;
}
