import { Button } from 'react-aria-components';

/** What a form or a list shows while it loads. */
export function Loading() {
  return (
    <p role="status" aria-busy="true">
      Caricamento in corso...
    </p>
  );
}

/** A load that failed: what happened, and 'Riprova'. */
export function LoadFailure({ failure }: { failure: { message: string; retryButton: { label: string; onPress: () => void } } }) {
  return (
    <div role="alert">
      <p>{failure.message}</p>
      <Button className="button" onPress={failure.retryButton.onPress}>
        {failure.retryButton.label}
      </Button>
    </div>
  );
}
