import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { usePageTitle } from '../ui/usePageTitle';
import { ADMIN_AREAS } from './areas';
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
              <NavLink to={area.path}>{area.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-screen">
        <Routes>
          <Route index element={<Navigate to="menu" replace />} />
          {/* area routes: one line per area */}
          <Route path="*" element={<Navigate to="menu" replace />} />
        </Routes>
      </div>
    </div>
  );
}
