import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/createAppActors';
import { ChunkLoadError } from './ui/lazyChunk';
import './styles.css';

createRoot(document.getElementById('root')!, {
  // A chunk gone after a deploy is expected and handled (RouteError reloads once): not a console error.
  onCaughtError: (error, info) => {
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <App actors={createAppActors()} />
  </StrictMode>,
);
