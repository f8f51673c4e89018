/**
 * Staff roles in the browser (issue 32): a cashier ('Cassa') is sent from the owner's screens to the
 * cassa before they render (their chunk never asked for), sees only 'Esauriti oggi' in the back
 * office's navigation and the header; the owner chooses the role in 'Staff'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_AREAS } from '../../src/admin/areas';
import type { Schemas } from '../../src/api/client';
import { cassaDay } from '../mocks/cassa.fixtures';
import { admin, cashier } from '../mocks/fixtures';
import { http, mockSession, server } from '../mocks/handlers';
import { renderApp } from './render';

/** Whether the back office's chunk has been imported (its module evaluated) in this file. */
const adminChunk = vi.hoisted(() => ({ loaded: false }));
vi.mock('../../src/admin/AdminPages', async (importOriginal) => {
  adminChunk.loaded = true;
  return importOriginal();
});

const soldOut: Schemas['SoldOutList'] = {
  date: '2026-11-18',
  items: [{ id: 1, version: 0, name: 'Margherita', category_id: 1, category_name: 'Pizze Classiche', sold_out: false, is_addition: false }],
};

const members: Schemas['StaffMember'][] = [
  { id: 1, version: 0, name: 'Romolo Ferri', email: 'romolo@pizzeriadaromolo.it', role: 'owner', active: true },
  { id: 2, version: 0, name: 'Lucia Cassa', email: 'lucia@pizzeriadaromolo.it', role: 'cashier', active: true },
];

const mainNav = () => within(screen.getByRole('navigation', { name: 'Principale' }));

describe('a cashier', () => {
  beforeEach(() => server.use(http.get('/api/v1/ecommerce/cassa/orders', ({ response }) => response(200).json(cassaDay([])))));

  // First in the file: nothing has imported the back office yet.
  it("is sent from an owner's screen to the cassa, without the screen showing or its chunk loading", async () => {
    const app = renderApp('/admin/menu', { user: cashier });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cassa' })).toBeTruthy();
    expect(app.location().pathname).toBe('/cassa');
    expect(screen.queryByRole('navigation', { name: 'Amministrazione' })).toBeNull();
    expect(adminChunk.loaded).toBe(false);
  });

  it("has the header's 'Esauriti oggi' and the cassa, no link to the back office's other screens", async () => {
    renderApp('/ecommerce', { user: cashier });
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    const link = mainNav().getByRole('link', { name: 'Esauriti oggi' });
    expect(link.getAttribute('href')).toBe('/admin/esauriti');
    expect(mainNav().queryByRole('link', { name: 'Amministrazione' })).toBeNull();
    expect(mainNav().getByRole('link', { name: 'Cassa' }).getAttribute('href')).toBe('/cassa');
  });

  it("opens 'Esauriti oggi', the only screen its navigation lists", async () => {
    server.use(http.get('/api/v1/admin/sold-out', ({ response }) => response(200).json(soldOut)));
    const app = renderApp('/admin/esauriti', { user: cashier });
    expect(await screen.findByRole('heading', { level: 1, name: 'Esauriti oggi' })).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Amministrazione' }));
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['Esauriti oggi']);
    expect(app.location().pathname).toBe('/admin/esauriti');
  });

  it("is sent from /admin and from an unknown back-office address to the cassa, never to an owner's screen", async () => {
    for (const path of ['/admin', '/admin/staff/2', '/admin/qualcosa']) {
      const app = renderApp(path, { user: cashier });
      await waitFor(() => expect(app.location().pathname).toBe('/cassa'));
      expect(screen.queryByRole('heading', { level: 1, name: 'Staff' })).toBeNull();
      app.unmount();
    }
  });
});

describe('the owner', () => {
  it('sees every screen in the navigation and chooses the role of a new member', async () => {
    const created: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/v1/admin/staff', ({ response }) => response(200).json({ items: members })),
      http.post('/api/v1/admin/staff', async ({ request, response }) => {
        const body = await request.json();
        created.push(body);
        const member = { id: 3, version: 0, name: body.name, email: body.email, role: body.role ?? 'cashier', active: true };
        return response(201).json({ message: 'Account creato.', member });
      }),
    );
    const app = renderApp('/admin/staff', { user: admin });
    const table = await screen.findByRole('table', { name: 'Account dello staff' });
    expect(within(await within(table).findByRole('row', { name: /Lucia Cassa/ })).getByText('Cassa')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Romolo Ferri/ })).getByText('Titolare')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Amministrazione' }));
    expect(nav.getAllByRole('link')).toHaveLength(ADMIN_AREAS.length);

    const form = within(screen.getByRole('form', { name: 'Nuovo account' }));
    const role = form.getByRole('combobox', { name: 'Ruolo' });
    expect((role as HTMLSelectElement).value).toBe('cashier');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Titolare', 'Cassa']);
    await app.user.type(form.getByRole('textbox', { name: 'Nome' }), 'Vera Socia');
    await app.user.type(form.getByRole('textbox', { name: 'Email' }), 'vera@pizzeriadaromolo.it');
    await app.user.selectOptions(role, 'Titolare');
    await app.user.click(form.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Vera Socia', email: 'vera@pizzeriadaromolo.it', role: 'owner' }]));
  });

  it('remembered from before roles existed, waits for the server to say who she is instead of leaving her screen', async () => {
    const { staff_role: _none, ...remembered } = admin;
    server.use(http.get('/api/v1/admin/staff', ({ response }) => response(200).json({ items: members })));
    const app = renderApp('/admin/staff', { user: remembered });
    // The server knows her as the owner.
    mockSession.user = admin;
    expect(await screen.findByRole('table', { name: 'Account dello staff' })).toBeTruthy();
    expect(app.location().pathname).toBe('/admin/staff');
  });
});
