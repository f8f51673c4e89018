/**
 * A record created in a back-office editor moves to its own address: the screen is then that record's
 * (its name as the title, 'Modifiche salvate.' still shown), a reload opens it, and a second save
 * updates it instead of creating it again.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/api/client';
import { admin } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

const created: Schemas['AdminDiscountCode'] = {
  id: 42,
  version: 0,
  code: 'ESTATE',
  kind: 'percent',
  amount: '10',
  min_order: '',
  delivery: 'any',
  valid_from: null,
  valid_until: null,
  label: '',
  active: true,
  times_used: 0,
};

/** Serves the code endpoints and counts what each write received. */
function serveCodes() {
  const writes = { created: 0, updated: [] as number[] };
  server.use(
    http.get('/api/v1/admin/discount-codes/{id}', ({ response }) => response(200).json({ code: created })),
    http.post('/api/v1/admin/discount-codes', ({ response }) => {
      writes.created += 1;
      return response(201).json({ message: 'Modifiche salvate.', code: created });
    }),
    http.put('/api/v1/admin/discount-codes/{id}', async ({ params, request, response }) => {
      writes.updated.push(Number(params.id));
      const body = (await request.json()) as Schemas['DiscountCodeUpdate'];
      return response(200).json({ message: 'Modifiche salvate.', code: { ...created, label: body.label, version: 1 } });
    }),
  );
  return writes;
}

describe("back office: 'Codici sconto', a new code", () => {
  it("after the first save the editor is the saved code's, at its own address; the next save updates it", async () => {
    const writes = serveCodes();
    const app = renderApp('/admin/codici-sconto/nuovo', { user: admin });
    await app.user.type(await screen.findByRole('textbox', { name: 'Codice' }), 'ESTATE');
    await app.user.type(screen.getByRole('textbox', { name: 'Sconto' }), '10');
    await app.user.click(screen.getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(app.location().pathname).toBe('/admin/codici-sconto/42'));
    expect(screen.getByText('Modifiche salvate.')).toBeTruthy();
    await screen.findByRole('heading', { name: 'ESTATE' });

    await app.user.type(screen.getByRole('textbox', { name: 'Descrizione' }), 'Sconto estivo');
    await app.user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(writes.updated).toEqual([42]));
    expect(writes.created).toBe(1);
  });
});
