import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { useSession } from '../actors/AppActors';
import { staffRoleAllows } from '../domain';
import { lazyChunk, lazyPage } from '../ui/lazyChunk';
import { usePageTitle } from '../ui/usePageTitle';
import { ADMIN_AREAS, adminPath } from './areas';
import { SoldOutAdmin } from './SoldOutAdmin';
import { withAriaRouter } from '../ui/AriaRouter';
import './admin.css';

// A cashier's one screen comes with the frame; the owner's screens load when the owner opens one, and
// the reports, which bring the charting library, apart from those.
const ownerScreens = lazyChunk('admin-owner', () => import('./OwnerScreens'));
const MenuAdmin = lazyPage(ownerScreens, (m) => m.MenuAdmin);
const HoursAdmin = lazyPage(ownerScreens, (m) => m.HoursAdmin);
const ZonesAdmin = lazyPage(ownerScreens, (m) => m.ZonesAdmin);
const DiscountCodesAdmin = lazyPage(ownerScreens, (m) => m.DiscountCodesAdmin);
const NewsAdmin = lazyPage(ownerScreens, (m) => m.NewsAdmin);
const TextsAdmin = lazyPage(ownerScreens, (m) => m.TextsAdmin);
const StaffAdmin = lazyPage(ownerScreens, (m) => m.StaffAdmin);
const PrintersAdmin = lazyPage(ownerScreens, (m) => m.PrintersAdmin);
const AuditAdmin = lazyPage(ownerScreens, (m) => m.AuditAdmin);
const reports = lazyChunk('reports', () => import('./reports'));
const EveningReportPage = lazyPage(reports, (m) => m.EveningReportPage);
const PeriodReportPage = lazyPage(reports, (m) => m.PeriodReportPage);

/** The back office's frame: its navigation and the screen of the area the URL names. */
function AdminArea() {
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

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ AdminArea });
