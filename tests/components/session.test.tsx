import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { customer } from '../mocks/fixtures';
import { http, mockSession, server } from '../mocks/handlers';
import { renderApp } from './render';

const mainNav = () => within(screen.getByRole('navigation', { name: 'Principale' }));

/** Every request the page sends to GET /api/user, with its Authorization header. */
function recordUserRequests() {
  const authorization: (string | null)[] = [];
  server.use(
    http.get('/api/user', ({ request, response }) => {
      authorization.push(request.headers.get('Authorization'));
      return mockSession.user
        ? response(200).json(mockSession.user)
        : response(401).json({ code: 'unauthenticated', message: 'Devi accedere per continuare.' });
    }),
  );
  return authorization;
}

// The home page is in the entry chunk, so the header paints in the first render (the menu is a lazy chunk).
describe('the session lives in the cookie, not in localStorage', () => {
  it('a token left by an earlier version is deleted at once; the user is kept and checked with the cookie', async () => {
    localStorage.setItem('pizzeria.session', JSON.stringify({ token: '1|segreto-di-trenta-giorni', user: customer }));
    mockSession.user = customer;
    const authorization = recordUserRequests();
    renderApp('/');

    expect(mainNav().getByRole('link', { name: customer.name })).toBeTruthy();
    expect(localStorage.getItem('pizzeria.session')).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(customer);
    for (let i = 0; i < localStorage.length; i++) expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('segreto');
    await waitFor(() => expect(authorization).toEqual([null]));
  });

  it('paints the remembered name at once, then follows what the server says about the cookie', async () => {
    renderApp('/', { user: customer });
    mockSession.user = { ...customer, name: 'Giulia B.' };
    expect(mainNav().getByRole('link', { name: customer.name })).toBeTruthy();
    expect(await mainNav().findByRole('link', { name: 'Giulia B.' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).name).toBe('Giulia B.');
  });

  it('an expired session (401) logs out: Accedi in the header, nothing remembered', async () => {
    renderApp('/', { user: customer });
    mockSession.user = null;
    expect(await mainNav().findByRole('link', { name: 'Accedi' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('a visitor sends no GET /api/user at all', async () => {
    const authorization = recordUserRequests();
    renderApp('/ecommerce');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(authorization).toEqual([]);
  });
});
