import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { connectCookieConsent } from '../../machines/cookieConsent.machine';
import { useAppActors, useView } from '../actors/AppActors';
import { PlainButton } from '../ui/PlainButton';

// The blocking overlay is rare (only after Rifiuta): its dialog code loads only then.
const ConsentOverlay = lazy(() => import('./ConsentOverlay'));

/** Banner with Accetta/Rifiuta; refusing covers the page until the visitor accepts or leaves. */
export function CookieConsent() {
  const view = useView(useAppActors().consent, connectCookieConsent);
  // The server knows the choice from the consent cookie: its HTML has the banner when the browser's first render will.
  if (view.isBannerOpen) {
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
  return view.isOverlayOpen ? (
    <Suspense fallback={null}>
      <ConsentOverlay view={view} />
    </Suspense>
  ) : null;
}
