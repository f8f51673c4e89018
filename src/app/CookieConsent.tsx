import { useSelector } from '@xstate/react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-aria-components';
import { useAppActors } from './AppActors';

/** Banner with Accetta/Rifiuta; refusing covers the page until the visitor accepts or leaves. */
export function CookieConsent() {
  const { consent } = useAppActors();
  const asking = useSelector(consent, (s) => s.matches('asking'));
  const refused = useSelector(consent, (s) => s.matches('refused'));
  const accept = () => consent.send({ type: 'consent.accept' });

  if (asking) {
    return (
      <section className="cookie-banner" aria-labelledby="cookie-banner-title">
        <h2 id="cookie-banner-title">Cookie</h2>
        <p>
          Usiamo solo cookie tecnici, necessari per il carrello, l&apos;accesso e la sicurezza degli ordini. Nessuna profilazione.{' '}
          <Link href="/ecommerce/privacy-policy">Privacy policy</Link>
        </p>
        <div className="cookie-banner__actions">
          <Button className="button button--secondary" onPress={() => consent.send({ type: 'consent.refuse' })}>
            Rifiuta
          </Button>
          <Button className="button button--primary" onPress={accept}>
            Accetta
          </Button>
        </div>
      </section>
    );
  }

  return (
    <ModalOverlay isOpen={refused} isDismissable={false} isKeyboardDismissDisabled className="consent-overlay">
      <Modal className="consent-modal">
        <Dialog aria-labelledby="consent-required-title">
          <Heading slot="title" id="consent-required-title">
            Serve il tuo consenso
          </Heading>
          <p>
            Senza i cookie tecnici non possiamo tenere il tuo carrello né farti ordinare. Accetta per continuare, oppure chiudi la pagina.
          </p>
          <div className="cookie-banner__actions">
            <Button className="button button--secondary" onPress={() => consent.send({ type: 'page.close' })}>
              Chiudi pagina
            </Button>
            <Button className="button button--primary" onPress={accept} autoFocus>
              Accetta
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
