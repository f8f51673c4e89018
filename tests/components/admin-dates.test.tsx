/**
 * Dates in the back office (issue 28 point 16): typed gg/mm/aaaa or picked in an Italian calendar,
 * sent as 'YYYY-MM-DD'; an optional date emptied with 'Nessuna data' is sent as null.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/api/client';
import { admin } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { descriptionOf, renderApp, typeDate } from './render';

const autumn: Schemas['AdminDiscountCode'] = {
  id: 7,
  version: 2,
  code: 'AUTUNNO',
  kind: 'percent',
  amount: '10',
  min_order: '',
  delivery: 'any',
  valid_from: '2026-12-01',
  valid_until: null,
  label: 'Sconto autunno',
  active: true,
  times_used: 0,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Serves the code and records what each save sends; `answer` may refuse it. */
function serveCode(
  answer: (body: Record<string, unknown>) => Response = (body) =>
    json(200, { message: 'Modifiche salvate.', code: { ...autumn, ...body, version: 3 } }),
) {
  const sent: Record<string, unknown>[] = [];
  const save = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    return answer(body);
  };
  server.use(
    http.get('/api/v1/admin/discount-codes', ({ response }) => response(200).json({ items: [autumn] })),
    http.get('/api/v1/admin/discount-codes/{id}', ({ response }) => response(200).json({ code: autumn })),
    http.put('/api/v1/admin/discount-codes/{id}', ({ request, response }) => save({ request }).then((r) => response.untyped(r))),
    http.post('/api/v1/admin/discount-codes', ({ request, response }) => save({ request }).then((r) => response.untyped(r))),
  );
  return sent;
}

/** A date picker's group: its segments are the day, month and year spinbuttons. */
const picker = (name: string) => screen.getByRole('group', { name });
const segmentsText = (name: string) =>
  within(picker(name))
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');
describe('back office: dates of a discount code', () => {
  it('typing 24/12/2026 saves 2026-12-24; the field is Italian, day first', async () => {
    const sent = serveCode();
    const app = renderApp('/admin/codici-sconto/nuovo', { user: admin });
    const until = await screen.findByRole('group', { name: 'Valido fino al' });
    const [day, month, year] = within(until).getAllByRole('spinbutton');
    expect([day, month, year].map((s) => s!.getAttribute('aria-label'))).toEqual(['giorno, ', 'mese, ', 'anno, ']);
    expect(segmentsText('Valido fino al')).toBe('gg/mm/aaaa');
    expect(descriptionOf(day!)).toContain('Nessuna data: senza scadenza');
    expect(descriptionOf(within(picker('Valido dal')).getAllByRole('spinbutton')[0]!)).toContain('Nessuna data: da subito');

    await app.user.type(screen.getByRole('textbox', { name: 'Codice' }), 'NATALE');
    await app.user.type(screen.getByRole('textbox', { name: 'Sconto' }), '10');
    await typeDate(app.user, until, '24122026');
    expect(segmentsText('Valido fino al')).toBe('24/12/2026');
    await app.user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ code: 'NATALE', valid_from: null, valid_until: '2026-12-24' });
  });

  it("'Nessuna data' empties a date: the code is valid at once, and the server receives null", async () => {
    const sent = serveCode();
    const app = renderApp('/admin/codici-sconto/7', { user: admin });
    await waitFor(() => expect(segmentsText('Valido dal')).toBe('01/12/2026'));
    const clear = screen.getByRole('button', { name: 'Nessuna data (Valido dal)' });
    await app.user.click(clear);
    expect(segmentsText('Valido dal')).toBe('gg/mm/aaaa');
    expect(document.activeElement).toBe(clear);
    // Half a date typed, then emptied: no digit is left behind.
    await typeDate(app.user, picker('Valido dal'), '24');
    await app.user.click(clear);
    expect(segmentsText('Valido dal')).toBe('gg/mm/aaaa');
    await app.user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ valid_from: null, valid_until: null, version: 2 });
  });

  it('Alt+Down opens an Italian calendar on the date; arrows and Enter pick the next day', async () => {
    const sent = serveCode();
    const app = renderApp('/admin/codici-sconto/7', { user: admin });
    await waitFor(() => expect(segmentsText('Valido dal')).toBe('01/12/2026'));
    await app.user.click(within(picker('Valido dal')).getAllByRole('spinbutton')[0]!);
    await app.user.keyboard('{Alt>}{ArrowDown}{/Alt}');

    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByRole('heading').textContent).toBe('dicembre 2026');
    // Monday first, as an Italian calendar has it (the header row is hidden from screen readers: each day names itself).
    expect([...calendar.querySelectorAll('th')].map((h) => h.textContent).join('')).toBe('LMMGVSD');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/martedì 1 dicembre 2026/));
    await app.user.keyboard('{ArrowRight}{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(segmentsText('Valido dal')).toBe('02/12/2026');
    await app.user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ valid_from: '2026-12-02' });
  });

  it('Enter on the calendar button opens it too; Escape closes it and keeps the date', async () => {
    serveCode();
    const app = renderApp('/admin/codici-sconto/7', { user: admin });
    await waitFor(() => expect(segmentsText('Valido dal')).toBe('01/12/2026'));
    const open = within(picker('Valido dal')).getByRole('button');
    expect(open.getAttribute('aria-label')).toBe('Calendario');
    open.focus();
    await app.user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(segmentsText('Valido dal')).toBe('01/12/2026');
  });

  it("the server's Italian error shows under the date and is announced with it", async () => {
    const message = 'Valido fino al non può precedere Valido dal.';
    serveCode(() =>
      json(422, { code: 'validation.failed', message: 'Controlla i campi evidenziati.', errors: { valid_until: [message] } }),
    );
    const app = renderApp('/admin/codici-sconto/7', { user: admin });
    await waitFor(() => expect(segmentsText('Valido dal')).toBe('01/12/2026'));
    await typeDate(app.user, picker('Valido fino al'), '30112026');
    const day = within(picker('Valido fino al')).getAllByRole('spinbutton')[0]!;
    await app.user.click(screen.getByRole('button', { name: 'Salva' }));

    await screen.findByText(message);
    expect(descriptionOf(day)).toContain(message);
    expect(picker('Valido fino al').hasAttribute('data-invalid')).toBe(true);
  });
});

describe('back office: dates of a special day', () => {
  it('typing 24/12/2026 in Dal and Al sends 2026-12-24; the dates are required, with no way to empty them', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/v1/admin/special-days', ({ response }) => response(200).json({ items: [] })),
      http.post('/api/v1/admin/special-days', async ({ request, response }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return response.untyped(json(422, { code: 'validation.failed', message: 'Controlla i campi evidenziati.', errors: {} }));
      }),
    );
    const app = renderApp('/admin/orari', { user: admin });
    const form = await screen.findByRole('form', { name: 'Nuovo giorno speciale' });
    for (const name of ['Dal', 'Al']) {
      const dates = within(form).getByRole('group', { name });
      expect(within(dates).getAllByRole('spinbutton')[0]!.getAttribute('aria-required')).toBe('true');
      await typeDate(app.user, dates, '24122026');
    }
    expect(within(form).queryByRole('button', { name: /Nessuna data/ })).toBeNull();
    await app.user.click(within(form).getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ date_from: '2026-12-24', date_until: '2026-12-24' });
  });
});

describe('back office: the day of the register', () => {
  it("typing 24/12/2026 asks for that day; 'Nessuna data' goes back to today", async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/v1/admin/audit', ({ request, response }) => {
        asked.push(new URL(request.url).searchParams.get('date'));
        return response(200).json({ date: '2026-11-27', entries: [] });
      }),
    );
    const app = renderApp('/admin/registro', { user: admin });
    await screen.findByText('Nessuna modifica in questo giorno.');
    expect(descriptionOf(within(picker('Giorno')).getAllByRole('spinbutton')[0]!)).toContain('Nessuna data: oggi');
    await typeDate(app.user, picker('Giorno'), '24122026');
    await waitFor(() => expect(asked).toEqual([null, '2026-12-24']));
    await app.user.click(screen.getByRole('button', { name: 'Nessuna data (Giorno)' }));
    await waitFor(() => expect(asked).toEqual([null, '2026-12-24', null]));
  });
});
