import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../actors/AppActors';

/** The cassa is for staff: anyone else is sent to the site root. */
export function AdminOnly() {
  return useSession().isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
