import { Outlet, useHref, useNavigate } from 'react-router-dom';
import { RouterProvider } from 'react-aria-components';
import { CookieConsent } from './CookieConsent';
import { Footer } from './Footer';
import { Header } from './Header';
import { HeaderSlotProvider } from './HeaderSlot';
import { MobileTabs } from './MobileTabs';
import { ScrollToTop } from './ScrollToTop';
import { ToastRegion } from './ToastRegion';

/** Every page: header, content, footer, phone tabs, the error toast and the cookie banner. */
export function Layout() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
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
    </RouterProvider>
  );
}
