import { NavLink, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { cartItemCount } from '../../machines/cart.machine';
import { useAppActors, useSession, useShop } from '../actors/AppActors';
import { loginHref } from '../ui/returnTo';
import { HeaderSlot } from '../ui/HeaderSlot';
import { useHydrated } from '../ui/useHydrated';

/** What the server's HTML shows: it knows neither the browser's remembered user nor its cart. */
const VISITOR = { userName: null, isAdmin: false, isOwner: false, itemCount: 0 };

/** Top bar: the shop's name, the main sections and what the visitor's role allows. */
export function Header() {
  const session = useSession();
  const shopName = useShop().name ?? 'Pizzeria';
  const cartCount = useSelector(useAppActors().cart, cartItemCount);
  const { userName, isAdmin, isOwner, itemCount } = useHydrated() ? { ...session, itemCount: cartCount } : VISITOR;
  const { pathname, search } = useLocation();
  return (
    <header className="site-header">
      <NavLink to="/" className="brand" aria-label={`${shopName} — Home`}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{shopName}</span>
      </NavLink>
      <nav aria-label="Principale" className="site-nav">
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/ecommerce" end>
          Menu
        </NavLink>
        <NavLink to="/blog">Notizie</NavLink>
        {/* A cashier's only back-office screen is today's sold-outs. */}
        {isAdmin && (
          <a href={isOwner ? '/admin' : '/admin/esauriti'} target="_blank" rel="noopener noreferrer">
            {isOwner ? 'Amministrazione' : 'Esauriti oggi'}
          </a>
        )}
        {userName ? <NavLink to="/auth/account">{userName}</NavLink> : <NavLink to={loginHref(pathname + search)}>Accedi</NavLink>}
        {/* The cassa fills it with its counters (Non consegnati, In attesa, Modificati) while it is open. */}
        {isAdmin && <HeaderSlot className="staff-counters" />}
        {isAdmin ? (
          <NavLink to="/cassa" className="nav-cta">
            Cassa
          </NavLink>
        ) : (
          <NavLink to="/ecommerce/cart" className="nav-cta">
            Carrello{itemCount > 0 && ` (${itemCount})`}
          </NavLink>
        )}
      </nav>
    </header>
  );
}
