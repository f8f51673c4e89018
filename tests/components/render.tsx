import { render, within } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions, type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { createInitialData } from '../../src/api/initialData';
import { AppActorsProvider, type BrowserEffects } from '../../src/actors/AppActors';
import { createAppActors } from '../../src/app/createAppActors';
import { AppRoutes } from '../../src/app/routes';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { API_BASE_URL, mockSession } from '../mocks/handlers';

type User = components['schemas']['User'];

export interface RenderAppOptions {
  /** a user logged in on a previous visit: the browser remembers them and the server's cookie is valid */
  user?: User | null;
  /** whether the visitor already accepted the cookies (default true, so the banner stays out of the way) */
  consented?: boolean;
  /** answers the server rendered into the page, keyed by API path (see src/api/initialData.ts) */
  initialData?: Record<string, unknown>;
  /** passed to userEvent.setup, e.g. { advanceTimers: vi.advanceTimersByTime } with fake timers */
  userEvent?: UserEventOptions;
}

/** Fakes for what the machines ask the browser to do. */
export function fakeEffects() {
  return { reload: vi.fn(), leave: vi.fn() } satisfies BrowserEffects;
}

/**
 * The whole site at `path`, as main.tsx builds it (same createAppActors, real api client pointed at
 * the msw server, unexpected errors raising the toast) but in a memory router with fake effects.
 * `location()` is where the router is now.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { user = null, consented = true } = options;
  if (user) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    mockSession.user = user;
  }
  if (consented) localStorage.setItem(STORAGE_KEYS.consent, 'true');

  const effects = fakeEffects();
  const actors = createAppActors({ baseUrl: API_BASE_URL, effects, initialData: createInitialData(options.initialData) });
  // After RTL's cleanup (afterEach) has unmounted the tree: no timer or request outlives the test.
  onTestFinished(() => actors.stop());

  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const events = userEvent.setup(options.userEvent);
  const result = render(
    <AppActorsProvider actors={actors}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppActorsProvider>,
  );
  return { ...result, location: () => current!, actors, effects, user: events };
}

/** The texts an input's aria-describedby points at: its hint and its error. */
export const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Types a date in a date picker (its group) as a person does: from the day on, 'ggmmaaaa' ('24122026'). */
export async function typeDate(user: UserEvent, picker: HTMLElement, digits: string) {
  await user.click(within(picker).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}
