import { render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { AppActorsProvider, createAppActors, type BrowserEffects } from '../../src/app/AppActors';
import { routes } from '../../src/app/routes';
import { tokenFor } from '../mocks/fixtures';
import { API_BASE_URL } from '../mocks/handlers';

type User = components['schemas']['User'];

export interface RenderAppOptions {
  /** the signed-in user, remembered from a previous visit (null/omitted: a visitor) */
  user?: User | null;
  /** whether the visitor already accepted the cookies (default true, so the banner stays out of the way) */
  consented?: boolean;
  /** passed to userEvent.setup, e.g. { advanceTimers: vi.advanceTimersByTime } with fake timers */
  userEvent?: UserEventOptions;
}

/** Fakes for what the machines ask the browser to do. */
export function fakeEffects() {
  return { reload: vi.fn(), leave: vi.fn(), scrollToTop: vi.fn() } satisfies BrowserEffects;
}

/**
 * The whole site at `path`, as main.tsx builds it (same createAppActors, real api client pointed at
 * the msw server, unexpected errors raising the toast) but in a memory router with fake effects.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { user = null, consented = true } = options;
  if (user) localStorage.setItem('pizzeria.session', JSON.stringify({ token: tokenFor(user), user }));
  if (consented) localStorage.setItem('pizzeria.cookieConsent', 'true');

  const effects = fakeEffects();
  const actors = createAppActors({ baseUrl: API_BASE_URL, effects });
  // After RTL's cleanup (afterEach) has unmounted the tree: no timer or request outlives the test.
  onTestFinished(() => actors.stop());

  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const events = userEvent.setup(options.userEvent);
  const result = render(
    <AppActorsProvider actors={actors}>
      <RouterProvider router={router} />
    </AppActorsProvider>,
  );
  return { ...result, router, actors, effects, user: events };
}
