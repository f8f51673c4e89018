import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/createAppActors';
import { loadFirstScreen } from './app/routes';
import { ChunkLoadError } from './ui/lazyChunk';
import './styles.css';

/** A new task: the browser may paint and handle input between start-up steps, so none of them is long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const rootOptions: RootOptions = {
  // A chunk gone after a deploy is expected and handled (RouteError reloads once): not a console error.
  onCaughtError: (error, info) => {
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  },
};

/**
 * Start-up in three tasks: (the scripts' evaluation), the app-wide actors, the first render. A public
 * page comes rendered by the server: the browser hydrates it, once the page's chunk is loaded (the
 * server preloaded it), so nothing on screen is replaced by a loading line.
 */
async function start() {
  const container = document.getElementById('root')!;
  const rendered = container.hasChildNodes();
  if (rendered) await loadFirstScreen(window.location.pathname).catch(() => undefined);
  // A chunk already loaded resolves in the evaluation's own task: the actors start in a new one.
  await nextTask();
  const actors = createAppActors();
  await nextTask();
  const app = (
    <StrictMode>
      <App actors={actors} />
    </StrictMode>
  );
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it for the whole page at once.
  startTransition(() => {
    // From here React handles a server-rendered page's input (a tap made before is replayed by the Layout).
    window.pizzeriaBoot?.handOver();
    if (rendered) hydrateRoot(container, app, rootOptions);
    else createRoot(container, rootOptions).render(app);
  });
}

void start();
