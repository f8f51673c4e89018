import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AppActorsProvider } from '../../src/actors/AppActors';
import { createAppActors } from '../../src/app/createAppActors';
import { lazyChunk } from '../../src/ui/lazyChunk';
import { RouteErrorBoundary } from '../../src/app/RouteError';
import { API_BASE_URL } from '../mocks/handlers';
import { fakeEffects } from './render';

/** What the browser throws when a hashed chunk of the previous deploy is gone. */
const vanished = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/BlogPages-OLD.js'));
const present = () => Promise.resolve({ Page: () => <h1>Ultime notizie</h1> });

/** One page load of /blog (a tab's life until it reloads): its area behind `lazyChunk`, errors caught by RouteErrorBoundary, as in routes.tsx. */
function openBlog(load: () => Promise<{ Page: () => React.JSX.Element }>) {
  const effects = fakeEffects();
  const actors = createAppActors({ baseUrl: API_BASE_URL, effects });
  onTestFinished(() => actors.stop());
  const blog = lazyChunk('blog', load);
  const BlogPage = lazy(() => blog().then((m) => ({ default: m.Page })));
  const view = render(
    <AppActorsProvider actors={actors}>
      <MemoryRouter initialEntries={['/blog']}>
        <RouteErrorBoundary>
          <Suspense fallback={<p role="status">Caricamento in corso...</p>}>
            <Routes>
              <Route path="blog" element={<BlogPage />} />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>
    </AppActorsProvider>,
  );
  return { effects, unmount: view.unmount };
}

describe('a lazy area whose chunk vanished after a deploy', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page once, showing no error meanwhile', async () => {
    const { effects } = openBlog(vanished);
    await waitFor(() => expect(effects.reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Pagina non disponibile' })).toBeNull();
  });

  it('after that reload, fails no more silently: an Italian message and a button that reloads', async () => {
    const first = openBlog(vanished);
    await waitFor(() => expect(first.effects.reload).toHaveBeenCalledTimes(1));
    first.unmount();

    const second = openBlog(vanished);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non disponibile' })).toBeTruthy();
    expect(second.effects.reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ricarica la pagina' }));
    expect(second.effects.reload).toHaveBeenCalledTimes(1);
  });

  it('once the chunk loads again, a later deploy may reload the page again', async () => {
    const first = openBlog(vanished);
    await waitFor(() => expect(first.effects.reload).toHaveBeenCalledTimes(1));
    first.unmount();

    const reloaded = openBlog(present);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultime notizie' })).toBeTruthy();
    reloaded.unmount();

    const later = openBlog(vanished);
    await waitFor(() => expect(later.effects.reload).toHaveBeenCalledTimes(1));
  });

  it('never reloads when the tab cannot remember it did (no storage): the message shows at once', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { effects } = openBlog(vanished);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non disponibile' })).toBeTruthy();
    expect(effects.reload).not.toHaveBeenCalled();
  });
});
