import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { connectCookieConsent } from '../../machines/cookieConsent.machine';

/** After Rifiuta: the page stays covered until the visitor accepts or leaves with 'Chiudi pagina'. */
export default function ConsentOverlay({ view }: { view: ReturnType<typeof connectCookieConsent> }) {
  return (
    <ModalOverlay isOpen isDismissable={false} isKeyboardDismissDisabled className="consent-overlay">
      <Modal className="consent-modal">
        <Dialog aria-labelledby="consent-required-title">
          <Heading slot="title" id="consent-required-title">
            Serve il tuo consenso
          </Heading>
          <p>
            Senza i cookie tecnici non possiamo tenere il tuo carrello né farti ordinare. Accetta per continuare, oppure chiudi la pagina.
          </p>
          <div className="cookie-banner__actions">
            <Button className="button button--secondary" {...view.closePageButton}>
              Chiudi pagina
            </Button>
            <Button className="button button--primary" {...view.acceptButton} autoFocus>
              Accetta
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
