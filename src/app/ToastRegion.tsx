import { connectToast } from '../../machines/toast.machine';
import { PlainButton } from '../ui/PlainButton';
import { useAppActors, useView } from '../actors/AppActors';

/** The global error: red, top right, gone after 5 seconds (the toast machine's TOAST delay). */
export function ToastRegion() {
  const { message, closeButton } = useView(useAppActors().toast, connectToast);
  return (
    <div className="toast-region" role="alert" aria-live="assertive">
      {message && (
        <div className="toast toast--error">
          <span>{message}</span>
          <PlainButton className="toast__close" {...closeButton}>
            ×
          </PlainButton>
        </div>
      )}
    </div>
  );
}
