import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { CookieConsent } from './CookieConsent';
import { Footer } from './Footer';
import { Header } from './Header';
import { useAppActors } from '../actors/AppActors';
import { HeaderSlotProvider } from '../ui/HeaderSlot';
import { MobileTabs } from './MobileTabs';
import { loginHref } from '../ui/returnTo';
import { ScrollToTop } from './ScrollToTop';
import { ToastRegion } from './ToastRegion';

/** Every page: header, content, footer, phone tabs, the error toast and the cookie banner. */
export function Layout() {
  useLoginAgainOnExpiry();
  // react-aria's router comes with each lazy area's pages (src/ui/AriaRouter.tsx): nothing here needs it.
  useReplayEarlyTap();
  return (
    <HeaderSlotProvider>
      <a className="skip-link" href="#main">
        Vai al contenuto
      </a>
      {/* First in the page, so the keyboard reaches the consent choice before anything else. */}
      <CookieConsent />
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <MobileTabs />
      <ToastRegion />
      <ScrollToTop />
    </HeaderSlotProvider>
  );
}

/**
 * Once the page is hydrated (the layout's effects run after its page's), the tap made on the
 * server's HTML before the app ran (src/boot.ts kept it) is made again.
 */
function useReplayEarlyTap() {
  useEffect(() => window.pizzeriaBoot?.replay(), []);
}

/** A 401 from any call ended the session: to login, and back to this page afterwards. */
function useLoginAgainOnExpiry() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = useRef(pathname + search);
  useEffect(() => {
    here.current = pathname + search;
  }, [pathname, search]);
  useEffect(() => {
    const subscription = session.on('session.ended', () => void navigate(loginHref(here.current)));
    return () => subscription.unsubscribe();
  }, [session, navigate]);
}
