import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { connectCookieConsent } from '../../machines/cookieConsent.machine';
import { useAppActors, useView } from '../actors/AppActors';
import { PlainButton } from '../ui/PlainButton';
import { useHydrated } from '../ui/useHydrated';

// The blocking overlay is rare (only after Rifiuta): its dialog code loads only then.
const ConsentOverlay = lazy(() => import('./ConsentOverlay'));

/** Banner with Accetta/Rifiuta; refusing covers the page until the visitor accepts or leaves. */
export function CookieConsent() {
  const view = useView(useAppActors().consent, connectCookieConsent);
  // Only the browser knows whether the visitor has chosen: the server's HTML has no banner.
  const hydrated = useHydrated();

  if (view.isBannerOpen && hydrated) {
    return (
      <section className="cookie-banner" aria-labelledby="cookie-banner-title">
        <h2 id="cookie-banner-title">Cookie</h2>
        <p>
          Usiamo solo cookie tecnici, necessari per il carrello, l&apos;accesso e la sicurezza degli ordini. Nessuna profilazione.{' '}
          <Link to="/ecommerce/privacy-policy">Privacy policy</Link>
        </p>
        <div className="cookie-banner__actions">
          <PlainButton className="button button--secondary" {...view.refuseButton}>
            Rifiuta
          </PlainButton>
          <PlainButton className="button button--primary" {...view.acceptButton}>
            Accetta
          </PlainButton>
        </div>
      </section>
    );
  }
  return view.isOverlayOpen && hydrated ? (
    <Suspense fallback={null}>
      <ConsentOverlay view={view} />
    </Suspense>
  ) : null;
}
