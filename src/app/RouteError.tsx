import { Component, useEffect, useState, type ReactNode } from 'react';
import { useAppActors } from '../actors/AppActors';
import { PlainButton } from '../ui/PlainButton';
import { chunkToReloadFor, markReloadFor } from '../ui/lazyChunk';

/** Catches what a page throws while rendering (a lazy chunk that failed to load) and shows RouteError. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * What a route shows when it cannot render. A chunk gone after a deploy first reloads the page once
 * (the router has already moved to the requested URL, so the reload lands there); a failure after
 * that, or any other error, shows an Italian message and a way to reload.
 */
export function RouteError({ error }: { error: unknown }) {
  const { effects } = useAppActors();
  // Decided once, on the error as it arrived: marking the reload below must not turn it into the message.
  const [missingChunk] = useState(() => chunkToReloadFor(error));

  useEffect(() => {
    if (!missingChunk) return;
    markReloadFor(missingChunk);
    effects.reload();
  }, [missingChunk, effects]);

  if (missingChunk) {
    return (
      <p className="page-loading" role="status">
        Caricamento in corso...
      </p>
    );
  }
  return (
    <main id="main" className="page page--narrow">
      <h1>Pagina non disponibile</h1>
      <p>Non siamo riusciti a caricare questa pagina. Forse il sito è stato appena aggiornato: riprova tra un momento.</p>
      <PlainButton className="button button--primary" onPress={() => effects.reload()}>
        Ricarica la pagina
      </PlainButton>
    </main>
  );
}
