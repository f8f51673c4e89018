import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/createAppActors';
import { ChunkLoadError } from './ui/lazyChunk';
import './styles.css';

/** A new task: the browser may paint and handle input between start-up steps, so none of them is long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Start-up in three tasks: (the scripts' evaluation), the app-wide actors, the first render. */
async function start() {
  await nextTask();
  const actors = createAppActors();
  await nextTask();
  const root = createRoot(document.getElementById('root')!, {
    // A chunk gone after a deploy is expected and handled (RouteError reloads once): not a console error.
    onCaughtError: (error, info) => {
      if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
    },
  });
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it for the whole page at once.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App actors={actors} />
      </StrictMode>,
    ),
  );
}

void start();
