import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../actors/AppActors';
import { adminAreaRole } from '../admin/areas';
import { staffRoleAllows, type StaffRole } from '../domain';

/**
 * A staff screen for `role`: a staff member whose role allows it sees it; anyone else goes to the cassa
 * before the screen renders, so its lazy chunk is never asked for. Wrap a route's element (or use it as
 * a layout route: it renders the `<Outlet />`), e.g. `<StaffOnly role="owner"><ReportsPage /></StaffOnly>`.
 * Inside `AdminOnly`, which has already sent visitors and customers away.
 */
export function StaffOnly({ role, children }: { role: StaffRole; children?: ReactNode }) {
  const { staffRole, isChecking } = useSession();
  if (staffRoleAllows(staffRole, role)) return children ?? <Outlet />;
  // A user remembered from before roles existed has none until the server answers who they are.
  if (isChecking && staffRole === null) {
    return (
      <p className="page-loading" role="status">
        Caricamento in corso...
      </p>
    );
  }
  return <Navigate to="/cassa" replace />;
}

/** The back office: each screen needs the role its area names (areas.ts). */
export function AdminGate({ children }: { children: ReactNode }) {
  return <StaffOnly role={adminAreaRole(useLocation().pathname)}>{children}</StaffOnly>;
}
