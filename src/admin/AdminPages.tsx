import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
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

/** The back office's frame: its navigation and the screen of the area the URL names. */
export function AdminArea() {
  usePageTitle('Amministrazione');
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Amministrazione">
        <ul>
          {ADMIN_AREAS.map((area) => (
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
          <Route path="*" element={<Navigate to="/admin/menu" replace />} />
        </Routes>
      </div>
    </div>
  );
}
