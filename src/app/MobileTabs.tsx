import { NavLink } from 'react-router-dom';
import { useUser } from './AppActors';

/** Phone navigation, always at thumb's reach. */
export function MobileTabs() {
  const user = useUser();
  return (
    <nav aria-label="Schede" className="mobile-tabs">
      <NavLink to="/" end>
        <TabIcon path="M3 11 12 3l9 8v10h-6v-6H9v6H3z" />
        Home
      </NavLink>
      <NavLink to="/blog">
        <TabIcon path="M4 4h16v16H4zM7 8h10M7 12h10M7 16h6" />
        Notizie
      </NavLink>
      <NavLink to="/ecommerce" end>
        <TabIcon path="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-3 7a1.5 1.5 0 1 1 0 .1zm6 2a1.5 1.5 0 1 1 0 .1zm-4 4a1.5 1.5 0 1 1 0 .1z" />
        Menu
      </NavLink>
      <NavLink to="/ecommerce/cart">
        <TabIcon path="M3 4h2l2.4 10.5h10.2L20 7H6.2M9 19a1.5 1.5 0 1 0 0 .1M17 19a1.5 1.5 0 1 0 0 .1" />
        Carrello
      </NavLink>
      {user ? (
        <NavLink to="/auth/account">
          <TabIcon path="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0" />
          Account
        </NavLink>
      ) : (
        <NavLink to="/auth/register">
          <TabIcon path="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0M19 8v6M16 11h6" />
          Registrati
        </NavLink>
      )}
    </nav>
  );
}

function TabIcon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
