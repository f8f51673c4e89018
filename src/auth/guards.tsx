import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../actors/AppActors';
import { AFTER_LOGIN_DEFAULT, loginHref, returnToFrom } from '../ui/returnTo';

/**
 * Login and register are for visitors: a logged-in user goes on to the remembered page (the login
 * URL's `redirect`), otherwise /ecommerce. This is also how a successful login leaves the login page.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const [search] = useSearchParams();
  return isLoggedIn ? <Navigate to={returnToFrom(search)} replace /> : children;
}

/**
 * The account screens need a user: a guest goes to /ecommerce (SPEC §2); a user whose session just
 * ended on a 401 goes to log in and comes back here afterwards.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { isLoggedIn, hasExpired } = useSession();
  const { pathname, search } = useLocation();
  if (isLoggedIn) return children;
  return <Navigate to={hasExpired ? loginHref(pathname + search) : AFTER_LOGIN_DEFAULT} replace />;
}
