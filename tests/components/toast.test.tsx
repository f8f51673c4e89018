import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, server, serverError } from '../mocks/handlers';
import { settings } from '../mocks/fixtures';
import { renderApp } from './render';

const MESSAGE = 'Servizio momentaneamente non disponibile, riprova tra qualche minuto.';
/** The alert region is always in the page (so screen readers hear what appears in it). */
const toast = () => within(screen.getByRole('alert'));
const findToast = async () => within(await screen.findByRole('alert'));

/** The menu data fails at start-up: the app shows the server's message as the global error. */
function failWebapp(message?: string) {
  server.use(http.get('/api/v1/ecommerce/webapp', ({ response }) => response.untyped(serverError(message))));
}

describe('error toast', () => {
  it("shows a server error's message in the alert region, in red", async () => {
    failWebapp(MESSAGE);
    renderApp('/ecommerce');

    const message = await (await findToast()).findByText(MESSAGE);
    expect(message.closest('.toast')?.classList.contains('toast--error')).toBe(true);
    expect(screen.getByRole('alert').getAttribute('aria-live')).toBe('assertive');
  });

  it('goes away by itself after 5 seconds', async () => {
    // Only the timers the toast uses are faked; they still follow real time so requests and waits work.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    failWebapp(MESSAGE);
    renderApp('/ecommerce', { userEvent: { advanceTimers: vi.advanceTimersByTime } });
    await (await findToast()).findByText(MESSAGE);

    await vi.advanceTimersByTimeAsync(4_000);
    expect(toast().queryByText(MESSAGE)).not.toBeNull();

    await vi.advanceTimersByTimeAsync(1_100);
    expect(toast().queryByText(MESSAGE)).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it("reads 'Errore generico' when the server gives no message", async () => {
    failWebapp();
    renderApp('/ecommerce');
    expect(await (await findToast()).findByText('Errore generico')).toBeTruthy();
  });

  it('closes with its close button', async () => {
    failWebapp(MESSAGE);
    const { user } = renderApp('/ecommerce');
    await (await findToast()).findByText(MESSAGE);

    await user.click(toast().getByRole('button', { name: 'Chiudi avviso' }));
    await waitFor(() => expect(toast().queryByText(MESSAGE)).toBeNull());
    expect(toast().queryByRole('button', { name: 'Chiudi avviso' })).toBeNull();
  });

  it('stays hidden when every call succeeds', async () => {
    renderApp('/ecommerce');
    await screen.findByText(settings.shop_address);
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});
