import { NavLink } from 'react-router-dom';
import { useSession } from '../actors/AppActors';
import { useHydrated } from '../ui/useHydrated';

interface Tab {
  to: string;
  label: string;
  icon: string;
  end?: boolean;
}

const ICONS = {
  home: 'M3 11 12 3l9 8v10h-6v-6H9v6H3z',
  news: 'M4 4h16v16H4zM7 8h10M7 12h10M7 16h6',
  menu: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-3 7a1.5 1.5 0 1 1 0 .1zm6 2a1.5 1.5 0 1 1 0 .1zm-4 4a1.5 1.5 0 1 1 0 .1z',
  cart: 'M3 4h2l2.4 10.5h10.2L20 7H6.2M9 19a1.5 1.5 0 1 0 0 .1M17 19a1.5 1.5 0 1 0 0 .1',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  register: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0M19 8v6M16 11h6',
};

/** Phone navigation, always at thumb's reach: Account once logged in, Registrati before. */
export function MobileTabs() {
  // The server's HTML knows no user: Registrati, until the browser's remembered one shows.
  const hydrated = useHydrated();
  const isLoggedIn = useSession().isLoggedIn && hydrated;
  const tabs: Tab[] = [
    { to: '/', label: 'Home', icon: ICONS.home, end: true },
    { to: '/blog', label: 'Notizie', icon: ICONS.news },
    { to: '/ecommerce', label: 'Menu', icon: ICONS.menu, end: true },
    { to: '/ecommerce/cart', label: 'Carrello', icon: ICONS.cart },
    isLoggedIn
      ? { to: '/auth/account', label: 'Account', icon: ICONS.account }
      : { to: '/auth/register', label: 'Registrati', icon: ICONS.register },
  ];
  return (
    <nav aria-label="Schede" className="mobile-tabs">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end}>
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
            <path d={tab.icon} />
          </svg>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
