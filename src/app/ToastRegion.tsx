import { useSelector } from '@xstate/react';
import { Button } from 'react-aria-components';
import { useAppActors } from './AppActors';

/** The global error: red, top right, gone after 5 seconds (the toast machine's TOAST delay). */
export function ToastRegion() {
  const { toast } = useAppActors();
  const message = useSelector(toast, (s) => s.context.message);
  return (
    <div className="toast-region" role="alert" aria-live="assertive">
      {message && (
        <div className="toast toast--error">
          <span>{message}</span>
          <Button className="toast__close" aria-label="Chiudi avviso" onPress={() => toast.send({ type: 'toast.dismiss' })}>
            ×
          </Button>
        </div>
      )}
    </div>
  );
}
