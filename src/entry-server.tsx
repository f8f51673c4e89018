/**
 * The server's renderer of the public pages (built by Vite as an SSR bundle, loaded by
 * server/frontend.ts): the same components and the same app actors the browser builds, started
 * from the same inlined API answers, rendered whole to HTML that the browser then hydrates.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppActorsProvider } from './actors/AppActors';
import { createApiClient } from './api/client';
import { createInitialData } from './api/initialData';
import { Site } from './app/App';
import { createAppActors } from './app/createAppActors';
import { loadServerRenderedChunks } from './app/routes';

/** The server renders from the inlined answers alone: a request from a render is a mistake, refused. */
const noRequests = () => Promise.reject(new Error('No API request while rendering on the server'));
const noEffects = { reload: () => undefined, leave: () => undefined };

let chunksLoaded: Promise<void> | undefined;

/**
 * The HTML of `url`'s page (what goes inside #root), from the API answers inlined with it (`data`),
 * the paths the API answered 404 (`missing`) and the consent cookie (`consented`; without it the
 * banner is in the HTML): exactly what the browser's first render will see.
 */
export async function renderPage(url: string, data: Record<string, unknown>, missing: string[], consented: boolean): Promise<string> {
  await (chunksLoaded ??= loadServerRenderedChunks());
  const actors = createAppActors({
    api: createApiClient({ fetch: noRequests }),
    effects: noEffects,
    initialData: createInitialData(data, missing),
    consented,
  });
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppActorsProvider actors={actors}>
          <StaticRouter location={url}>
            <Site />
          </StaticRouter>
        </AppActorsProvider>
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    // A boundary that failed would be left for the browser to render: the whole page is, instead.
    if (errors.length > 0) throw errors[0];
    return html;
  } finally {
    actors.stop();
  }
}
