import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../actors/AppActors';

/** The cassa and the back office are for staff: anyone else is sent to the site root (and never loads their chunks). */
export function AdminOnly() {
  return useSession().isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
