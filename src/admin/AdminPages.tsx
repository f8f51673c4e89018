import { lazy } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { useSession } from '../actors/AppActors';
import { staffRoleAllows } from '../domain';
import { lazyChunk } from '../ui/lazyChunk';
import { usePageTitle } from '../ui/usePageTitle';
import { ADMIN_AREAS, adminPath } from './areas';
import { NewsAdmin } from './NewsAdmin';
import { StaffAdmin } from './StaffAdmin';
import { TextsAdmin } from './TextsAdmin';
import { ZonesAdmin } from './ZonesAdmin';
import { AuditAdmin } from './AuditAdmin';
import { DiscountCodesAdmin } from './DiscountCodesAdmin';
import { HoursAdmin } from './HoursAdmin';
import { MenuAdmin } from './menu/MenuAdmin';
import { SoldOutAdmin } from './SoldOutAdmin';
import { PrintersAdmin } from './PrintersAdmin';
import './admin.css';

// The reports bring the charting library: their own chunk, loaded when the owner opens one.
const reports = lazyChunk('reports', () => import('./reports'));
const EveningReportPage = lazy(() => reports().then((m) => ({ default: m.EveningReportPage })));
const PeriodReportPage = lazy(() => reports().then((m) => ({ default: m.PeriodReportPage })));

/** The back office's frame: its navigation and the screen of the area the URL names. */
export function AdminArea() {
  usePageTitle('Amministrazione');
  const { staffRole } = useSession();
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Amministrazione">
        <ul>
          {ADMIN_AREAS.filter((area) => staffRoleAllows(staffRole, area.role)).map((area) => (
            <li key={area.path}>
              <NavLink to={adminPath(area.path)}>{area.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-screen">
        <Routes>
          <Route path="menu/*" element={<MenuAdmin />} />
          <Route path="esauriti" element={<SoldOutAdmin />} />
          <Route path="orari" element={<HoursAdmin />} />
          <Route path="zone/*" element={<ZonesAdmin />} />
          <Route path="codici-sconto/*" element={<DiscountCodesAdmin />} />
          <Route path="notizie/*" element={<NewsAdmin />} />
          <Route path="testi" element={<TextsAdmin />} />
          <Route path="staff/*" element={<StaffAdmin />} />
          <Route path="stampanti" element={<PrintersAdmin />} />
          <Route path="registro" element={<AuditAdmin />} />
          <Route path="incassi" element={<EveningReportPage />} />
          <Route path="andamento" element={<PeriodReportPage />} />
          <Route path="*" element={<Navigate to="/admin/menu" replace />} />
        </Routes>
      </div>
    </div>
  );
}
