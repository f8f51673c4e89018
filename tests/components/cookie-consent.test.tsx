import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render';

const CONSENT_KEY = 'pizzeria.cookieConsent';
const banner = () => screen.queryByRole('region', { name: 'Cookie' });

describe('cookie consent', () => {
  it('greets a first-time visitor with a banner offering Accetta and Rifiuta', async () => {
    renderApp('/', { consented: false });
    await screen.findByRole('heading', { level: 1, name: 'Pizzeria Da Romolo' });

    const cookies = within(banner()!);
    expect(cookies.getByRole('button', { name: 'Accetta' })).toBeTruthy();
    expect(cookies.getByRole('button', { name: 'Rifiuta' })).toBeTruthy();
    expect(cookies.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/ecommerce/privacy-policy');
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('hides the banner on Accetta and remembers the consent as true', async () => {
    const { user } = renderApp('/', { consented: false });
    await user.click(within(banner()!).getByRole('button', { name: 'Accetta' }));

    await waitFor(() => expect(banner()).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toBe(true);
  });

  it('covers the page after Rifiuta until the visitor accepts', async () => {
    const { user, effects } = renderApp('/', { consented: false });
    await user.click(within(banner()!).getByRole('button', { name: 'Rifiuta' }));

    const dialog = await screen.findByRole('dialog', { name: 'Serve il tuo consenso' });
    expect(banner()).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Chiudi pagina' })).toBeTruthy();
    // the page behind is out of reach while the overlay is up
    expect(screen.queryByRole('navigation', { name: 'Principale' })).toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Accetta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Principale' })).toBeTruthy();
    expect(effects.leave).not.toHaveBeenCalled();
  });

  it("leaves the site with 'Chiudi pagina'", async () => {
    const { user, effects } = renderApp('/', { consented: false });
    await user.click(within(banner()!).getByRole('button', { name: 'Rifiuta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Serve il tuo consenso' });

    await user.click(within(dialog).getByRole('button', { name: 'Chiudi pagina' }));
    expect(effects.leave).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('does not ask a returning visitor who already accepted', async () => {
    renderApp('/', { consented: true });
    await screen.findByRole('heading', { level: 1, name: 'Pizzeria Da Romolo' });

    expect(banner()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accetta' })).toBeNull();
  });
});
