import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_ORDER_MESSAGE } from '../../src/domain';
import { admin } from '../mocks/fixtures';
import { cassaDay, externalOrder, onlinePickup, phoneOrder } from '../mocks/cassa.fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

/** An external platform's order whose ticket is printed: it would show 'In consegna'. */
const printedExternal = { ...externalOrder, status: 1 as const, progress: 'preparing' as const };
const day = cassaDay([phoneOrder, onlinePickup, printedExternal]);

/** Serves the day, counting how often the list reads it. */
function serveDay() {
  const reads = { count: 0 };
  server.use(
    http.get('/api/v1/ecommerce/cassa/orders', ({ response }) => {
      reads.count += 1;
      return response(200).json(day);
    }),
  );
  return reads;
}

const rowOf = async (name: string) => (await screen.findByRole('listitem', { name: `Ordine ${name}` })) as HTMLElement;

describe("cassa: the row's next step", () => {
  it("'Pronto' on a printed pickup sends one step with an Idempotency-Key and the row says 'Pronto per il ritiro'", async () => {
    serveDay();
    const sent: { key: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/v1/ecommerce/cassa/orders/{id}/progress', async ({ request, response }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return response(200).json({ message: 'Avanzamento aggiornato.', order: { ...onlinePickup, progress: 'ready' } });
      }),
    );
    const { user } = renderApp('/cassa', { user: admin });
    const pickup = await rowOf(onlinePickup.name);
    expect(pickup.textContent).toContain('In preparazione');
    // A delivery not yet printed has no next step.
    expect(within(await rowOf(phoneOrder.name)).queryByRole('button', { name: 'In consegna' })).toBeNull();

    await user.click(within(pickup).getByRole('button', { name: 'Pronto' }));
    expect(pickup.textContent).toContain('Pronto per il ritiro');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ direction: 'next' });
    expect(sent[0]!.key).toMatch(/^[\w-]{8,}$/);
    // The undo of a mistaken tap is in the row's menu.
    await user.click(within(pickup).getByRole('button', { name: 'Altre azioni ordine numero 2' }));
    expect(screen.getByRole('menuitem', { name: 'Annulla ultimo passo' })).toBeTruthy();
  });

  it("an external platform's order is refused with the server's message, and the row comes back as it was", async () => {
    const reads = serveDay();
    server.use(
      http.post('/api/v1/ecommerce/cassa/orders/{id}/progress', ({ response }) =>
        response(409).json({ message: EXTERNAL_ORDER_MESSAGE, code: 'order.external' }),
      ),
    );
    const { user } = renderApp('/cassa', { user: admin });
    const external = await rowOf(externalOrder.name);
    await user.click(within(external).getByRole('button', { name: 'In consegna' }));
    expect(await screen.findByText(EXTERNAL_ORDER_MESSAGE, { selector: '.cassa-failure' })).toBeTruthy();
    await waitFor(() => expect(reads.count).toBe(2));
    expect(within(await rowOf(externalOrder.name)).getByRole('button', { name: 'In consegna' })).toBeTruthy();
  });
});

describe("cassa: 'Ritardo'", () => {
  it("'+10 min' from a row moves that order's time, and the slot strip still counts it at 19:30", async () => {
    serveDay();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/ecommerce/cassa/orders/{id}/delay', async ({ request, response }) => {
        sent.push(await request.json());
        return response(200).json({ message: 'Ordine posticipato.', order: { ...phoneOrder, delay_minutes: 10 } });
      }),
    );
    const { user } = renderApp('/cassa', { user: admin });
    const phone = await rowOf(phoneOrder.name);
    expect(phone.querySelector('.cassa-time')!.textContent).toBe('19:30');
    await user.click(within(phone).getByRole('button', { name: 'Altre azioni ordine numero 1' }));
    await user.click(screen.getByRole('menuitem', { name: '+10 min' }));
    expect(phone.querySelector('.cassa-time')!.textContent).toBe('19:40 +10 min');
    await waitFor(() => expect(sent).toEqual([{ minutes: 10 }]));
    const slots = screen.getByRole('list', { name: /Fasce orarie/ });
    expect(
      within(slots)
        .getAllByRole('listitem')
        .find((li) => li.dataset.time === '19:30')!.textContent,
    ).toContain('1 ord.');
  });

  it("in the header asks how many of tonight's orders move, then sends the delay once and says how it went", async () => {
    const reads = serveDay();
    const sent: { key: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/v1/ecommerce/cassa/delay', async ({ request, response }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return response(200).json({ message: '2 ordini posticipati.', delayed: 2 });
      }),
    );
    const { user } = renderApp('/cassa', { user: admin });
    await rowOf(phoneOrder.name);
    await user.click(screen.getByRole('button', { name: 'Ritardo' }));
    await user.click(screen.getByRole('menuitem', { name: '+20 min' }));
    // The phone order and the pickup are not out yet; an external platform's order is never delayed.
    const dialog = await screen.findByRole('alertdialog', { name: 'Ritardo' });
    expect(dialog.textContent).toContain('Posticipare di 20 minuti 2 ordini di stasera non ancora usciti?');
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Posticipa' }));
    expect(await screen.findByText('2 ordini posticipati.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ minutes: 20 });
    expect(sent[0]!.key).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(reads.count).toBe(2));
  });
});
