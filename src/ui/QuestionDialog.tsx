import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface DialogButton {
  label: string;
  isDisabled?: boolean;
  onPress: () => void;
}

/** A question to answer before going on (the owner's, the cashier's): the safe answer has the focus. */
export function QuestionDialog({
  title,
  question,
  children,
}: {
  title: string;
  question: { message: string; confirmButton: DialogButton; cancelButton: DialogButton } | null;
  children?: React.ReactNode;
}) {
  return (
    <ModalOverlay isOpen={question !== null} isDismissable={false} className="modal-overlay">
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog">
          <Heading slot="title">{title}</Heading>
          <p>{question?.message}</p>
          {children}
          <div className="dialog__actions">
            <Button className="button" isDisabled={question?.cancelButton.isDisabled} onPress={question?.cancelButton.onPress} autoFocus>
              {question?.cancelButton.label}
            </Button>
            <Button
              className="button button--primary"
              isDisabled={question?.confirmButton.isDisabled}
              onPress={question?.confirmButton.onPress}
            >
              {question?.confirmButton.label}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
