import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { totalsText } from '../../machines/cassaDayList.connect';
import { cassaDayFromWire } from '../../src/api/cassaActors';
import { admin, customer } from '../mocks/fixtures';
import { cassaDay, cassaInit, externalOrder, onlinePickup, phoneOrder, phoneOrderDetail } from '../mocks/cassa.fixtures';
import { priceCartAnswer } from '../mocks/cart';
import { http, server } from '../mocks/handlers';
import { renderApp, typeDate } from './render';

const PHONE_MESSAGE = 'Il numero di telefono è obbligatorio e deve essere valido.';

const day = cassaDay([phoneOrder, onlinePickup, externalOrder], undefined, 2);

function serveDay(answer = day) {
  server.use(http.get('/api/v1/ecommerce/cassa/orders', ({ response }) => response(200).json(answer)));
}

/** Opens the cassa, types Piero Angeli as the client and "marg" in the product search. */
async function startPieroOrder() {
  const { user } = renderApp('/cassa', { user: admin });
  await user.click(await screen.findByLabelText('Nome cliente'));
  await user.keyboard('Piero Angeli');
  const search = screen.getByLabelText('Nome prodotto');
  await user.click(search);
  await user.keyboard('marg');
  return { user, search };
}

describe('cassa: the totals text', () => {
  it('splits cash and card with a decimal comma, or says 0,00 € for an empty day', () => {
    expect(totalsText(cassaDayFromWire(day).totals)).toBe(
      'Totale: 49,50 € (12,50 € Contanti / Da pagare | 37,00 € Carta di credito / Pagato)',
    );
    expect(totalsText(cassaDayFromWire(cassaDay([])).totals)).toBe('Totale: 0,00 €');
  });
});

describe('cassa: the orders widget', () => {
  it('shows the totals, the 24 slots with their load (over capacity stands out) and one row per order', async () => {
    serveDay();
    renderApp('/cassa', { user: admin });
    await screen.findByText(/^Totale: 49,50 €/);

    const slots = screen.getByRole('list', { name: /Fasce orarie/ });
    const items = within(slots).getAllByRole('listitem');
    expect(items).toHaveLength(24);
    expect(items[0]!.textContent).toContain('18:00');
    expect(items[23]!.textContent).toContain('23:45');
    // 20:10 (5 oven items) and 20:05 (1 from an external platform) share the 20:00 slot: over a capacity of 2.
    const eight = items.find((li) => li.dataset.time === '20:00')!;
    expect(eight!.textContent).toContain('2 ord. · 6 pz · 1 est.');
    expect(eight!.textContent).toContain('Oltre la capienza');
    expect(items.find((li) => li.dataset.time === '19:30')!.textContent).not.toContain('Oltre la capienza');

    const rows = within(screen.getByRole('list', { name: 'Ordini del giorno' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Ordine numero #1 - 12,50 € - Contanti / Da pagare');
    expect(rows[0]!.textContent).toContain('Monteverde');
    expect(rows[0]!.textContent).toContain('In attesa');
    expect(rows[0]!.textContent).toContain('Non Consegnato');
    expect(rows[1]!.textContent).toContain('Ordine numero #2 - 28,00 € - Carta di credito / Pagato');
    expect(rows[1]!.textContent).toContain('Ritiro in pizzeria');
    expect(rows[1]!.textContent).toContain('Stampato');
    // Pizze e pinse 1 (cat. 2), composizioni 1 (cat. 10), calzoni e focacce 3 (cat. 5, 12), none unknown.
    expect(within(rows[1]!).getByTitle('Pizze e pinse')!.textContent).toContain('1');
    expect(within(rows[1]!).getByTitle('Composizioni')!.textContent).toContain('1');
    expect(within(rows[1]!).getByTitle('Calzoni e focacce')!.textContent).toContain('3');
    expect(within(rows[2]!).getByTitle('Non catalogabile')!.textContent).toContain('2');

    // The header counts what is still to deliver, to print and to reprint.
    const counters = screen.getByRole('list', { name: 'Contatori ordini' });
    expect(counters!.textContent).toContain('Non consegnati 3');
    expect(counters!.textContent).toContain('In attesa 2');
    expect(counters!.textContent).toContain('Modificati 0');
  });

  it('an external platform order cannot be opened, and says why; another opens in the editor through the URL', async () => {
    serveDay();
    const { user, location } = renderApp('/cassa', { user: admin });
    const external = await screen.findByRole('button', { name: /Cliente Glovo/ });
    expect(external.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(external.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Gli ordini delle piattaforme esterne non si possono modificare.');
    await user.click(screen.getByRole('button', { name: /Mario Rossi/ }));
    expect(location().search).toBe(`?ordine=${phoneOrder.id}`);
  });

  it("another date closed as a special day says 'Chiuso: Natale' and shows no slots", async () => {
    const christmasEve = { ...cassaDay([], '2026-12-24'), slots: [], closed_notice: 'Chiuso: Natale' };
    server.use(
      http.get('/api/v1/ecommerce/cassa/orders', ({ query, response }) =>
        // Each date typed on the way (02/11, 24/11…) is answered as itself, as the server does.
        response(200).json(query.get('date') === christmasEve.date ? christmasEve : { ...day, date: query.get('date') ?? day.date }),
      ),
    );
    const { user } = renderApp('/cassa', { user: admin });
    await screen.findByRole('list', { name: /Fasce orarie/ });
    expect(screen.queryByText('Chiuso: Natale')).toBeNull();

    const orders = screen.getByRole('region', { name: 'Nuovi ordini' });
    await typeDate(user, within(orders).getByRole('group', { name: 'Data' }), '24122026');
    expect((await screen.findByText('Chiuso: Natale')).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Fasce orarie/ })).toBeNull();
  });

  it('is never shown to a customer', async () => {
    const { location } = renderApp('/cassa', { user: customer });
    await screen.findByRole('heading', { level: 1 });
    expect(location().pathname).toBe('/');
    expect(screen.queryByText(/Nuovi ordini/)).toBeNull();
  });
});

describe('cassa: the add/edit widget', () => {
  it('suggests names starting with the typed text first, then names containing it; a typed name is a new client', async () => {
    serveDay();
    const { user } = renderApp('/cassa', { user: admin });
    await screen.findByRole('heading', { name: 'Aggiungi ordine' });
    const name = await screen.findByLabelText('Nome cliente');
    await user.click(name);
    await user.keyboard('mar');
    const options = within(await screen.findByRole('listbox', { name: 'Clienti suggeriti' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Mario Rossi'), expect.stringContaining('Anna Maria Neri')]);
    expect(screen.getByText('Nuovo cliente - Verrà aggiunto')).toBeTruthy();

    // Enter picks the highlighted suggestion: the client's details fill the form.
    await user.keyboard('{Enter}');
    expect((screen.getByRole('textbox', { name: 'Indirizzo' }) as HTMLInputElement).value).toBe('Via Giacinto Carini 21');
    expect((screen.getByRole('textbox', { name: 'Telefono' }) as HTMLInputElement).value).toBe('3331234567');
    expect((screen.getByRole('combobox', { name: 'Zona' }) as HTMLSelectElement).value).toBe(String(phoneOrder.zone_id));
    expect(screen.queryByText('Nuovo cliente - Verrà aggiunto')).toBeNull();
  });

  it('closes the product suggestions once an item is added, uncovering the order lines, until the cashier types again', async () => {
    serveDay();
    const { user, search } = await startPieroOrder();
    await screen.findByRole('option', { name: /Margherita/ });
    await user.keyboard('{Enter}');
    await within(screen.getByRole('list', { name: "Prodotti dell'ordine" })).findByText(/Margherita/);
    expect(screen.queryByRole('listbox', { name: 'Prodotti trovati' })).toBeNull();
    // Still closed a moment later, the box empty and focused for the next item.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('listbox', { name: 'Prodotti trovati' })).toBeNull();
    expect(document.activeElement).toBe(search);
    await user.keyboard('fiori');
    expect(within(await screen.findByRole('listbox', { name: 'Prodotti trovati' })).getAllByRole('option')[0]!.textContent).toMatch(
      /Fiori di zucca/,
    );
  });

  it("says 'Chiuso: Natale' when the order's date is a day the owner closed", async () => {
    serveDay();
    const christmas = { date_from: '2026-12-24', date_until: '2026-12-25', notice: 'Chiuso: Natale' };
    server.use(http.get('/api/v1/ecommerce/cassa/init', ({ response }) => response(200).json({ ...cassaInit, closed_days: [christmas] })));
    const { user } = renderApp('/cassa', { user: admin });
    const form = within(await screen.findByRole('group', { name: /Consegna alle/ }));
    expect(form.queryByText('Chiuso: Natale')).toBeNull();
    await typeDate(user, form.getByRole('group', { name: 'Data' }), '25122026');
    expect(form.getByRole('status').textContent).toBe('Chiuso: Natale');
    await typeDate(user, form.getByRole('group', { name: 'Data' }), '26122026');
    expect(form.queryByText('Chiuso: Natale')).toBeNull();
  });

  it('opens an order of the list through the URL: its client fixed, its lines priced, then back to a new order', async () => {
    serveDay();
    const { user, location } = renderApp(`/cassa?ordine=${phoneOrder.id}`, { user: admin });
    await screen.findByRole('heading', { name: 'Modifica ordine' });
    expect(screen.getByText('Ordine numero #1')).toBeTruthy();
    const name = screen.getByLabelText('Nome cliente') as HTMLInputElement;
    expect(name.value).toBe('Mario Rossi');
    expect(name.disabled).toBe(true);
    const lines = within(screen.getByRole('list', { name: "Prodotti dell'ordine" })).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.textContent).toContain('Margherita');
    const totals = await within(screen.getByRole('button', { name: 'Modifica ordine' }).closest('section')!).findAllByText('14,00 €', {
      selector: 'dd',
    });
    expect(totals).toHaveLength(2);
    // The list is replaced by the way back while an order is open.
    expect(screen.queryByText('Nuovi ordini')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Torna indietro' }));
    expect(location().search).toBe('');
    await screen.findByRole('heading', { name: 'Aggiungi ordine' });
    expect(screen.queryByRole('list', { name: "Prodotti dell'ordine" })?.children).toHaveLength(0);
  });

  it("prices an opened order's lines as the save will: the request names the order, the editor shows the kept price", async () => {
    serveDay();
    const asked: { order_id?: number }[] = [];
    server.use(
      http.post('/api/v1/ecommerce/cart', async ({ request, response }) => {
        const body = await request.json();
        asked.push(body);
        // The server keeps the order's price (6,50) though the menu says 7,00 today: two Margherita, 13,00 €.
        const answer = priceCartAnswer(body.cart, body.discount?.code, body.delivery);
        const kept = answer.cart.map((line) => ({ ...line, price: 6.5, total_price: 6.5 * line.qty }));
        const total = kept.reduce((sum, line) => sum + line.total_price, 0);
        return response(200).json({ ...answer, cart: kept, backend: { ...answer.backend, total_price: total, final_price: total } });
      }),
    );
    renderApp(`/cassa?ordine=${phoneOrder.id}`, { user: admin });
    await screen.findByRole('heading', { name: 'Modifica ordine' });
    const section = screen.getByRole('button', { name: 'Modifica ordine' }).closest('section')!;
    expect(await within(section).findAllByText('13,00 €', { selector: 'dd' })).toHaveLength(2);
    expect(asked.at(-1)!.order_id).toBe(phoneOrder.id);
  });

  it('confirms a new phone order once, with an Idempotency-Key, and the list reloads', async () => {
    serveDay();
    const stored: { key: string | null; body: any }[] = [];
    server.use(
      http.post('/api/v1/ecommerce/cassa/orders/store', async ({ request, response }) => {
        stored.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return response(201).json({
          message: 'Ordine creato.',
          order: { ...phoneOrder, id: 40, order_num: 5, name: 'Piero Angeli', delivery_time: '19:45', client_id: 9 },
        });
      }),
    );
    const { user } = await startPieroOrder();
    await screen.findByRole('option', { name: /Margherita/ });
    await user.keyboard('{Enter}');
    await within(screen.getByRole('list', { name: "Prodotti dell'ordine" })).findByText('Margherita');
    const confirm = screen.getByRole('button', { name: 'Conferma ordine' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await user.dblClick(confirm);
    await screen.findByText('Ordine creato. Ordine numero #5 delle 19:45.');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key).toMatch(/^[\w-]{8,}$/);
    expect(stored[0]!.body.data).toMatchObject({ client_id: 0, nomeCliente: 'Piero Angeli', fascia: '19:45', delivery: 'consegna' });
    expect(stored[0]!.body.cart).toEqual([{ id: phoneOrderDetail.cart[0]!.id, qty: 1, variants: [], additions: [] }]);
  });

  it('reloads its products when a refresh of the list names a newer catalogue version, keeping the order being typed', async () => {
    serveDay();
    let inits = 0;
    server.use(
      http.get('/api/v1/ecommerce/cassa/init', ({ response }) => {
        inits++;
        return response(200).json(cassaInit);
      }),
    );
    const { user, search } = await startPieroOrder();
    expect((await screen.findByRole('option', { name: /Margherita/ })).textContent).toContain('7,00');
    await user.keyboard('{Escape}');
    expect(inits).toBe(1);

    // The owner raises the Margherita and sells out the last one: the next list answer says version 2.
    let lists = 0;
    const changed = {
      ...cassaInit,
      catalogue_version: 2,
      products: cassaInit.products.map((p) => (p.name === 'Margherita' ? { ...p, price: 7.5, sold_out: true } : p)),
    };
    server.use(
      http.get('/api/v1/ecommerce/cassa/init', ({ response }) => {
        inits++;
        return response(200).json(changed);
      }),
      http.get('/api/v1/ecommerce/cassa/orders', ({ response }) => {
        lists++;
        return response(200).json({ ...day, catalogue_version: 2 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(inits).toBe(2));

    await user.click(search);
    await user.clear(search);
    await user.keyboard('marg');
    const option = await screen.findByRole('option', { name: /Margherita/ });
    await waitFor(() => expect(option.textContent).toContain('7,50'));
    expect(option.textContent).toContain('Esaurito');
    // The order being typed is still there.
    expect((screen.getByLabelText('Nome cliente') as HTMLInputElement).value).toBe('Piero Angeli');

    // Another refresh at the same version loads nothing again.
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(lists).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aggiorna' }).hasAttribute('disabled')).toBe(false));
    expect(inits).toBe(2);
  });

  it('shows a missing name and a wrong phone number together, from one confirm', async () => {
    serveDay();
    const errors = { nomeCliente: ['Il campo nome del cliente è obbligatorio.'], telefono: [PHONE_MESSAGE] };
    let attempts = 0;
    server.use(
      http.post('/api/v1/ecommerce/cassa/orders/store', ({ response }) => {
        attempts += 1;
        return response(422).json({ code: 'validation', message: errors.nomeCliente[0]!, errors });
      }),
    );
    const { user } = renderApp('/cassa', { user: admin });
    await user.type(await screen.findByRole('textbox', { name: 'Telefono' }), '06 12ab');
    await user.click(screen.getByLabelText('Nome prodotto'));
    await user.keyboard('marg');
    await screen.findByRole('option', { name: /Margherita/ });
    await user.keyboard('{Enter}');
    const confirm = screen.getByRole('button', { name: 'Conferma ordine' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await user.click(confirm);
    await screen.findByText(PHONE_MESSAGE, { selector: '.field-error' });
    expect(screen.getByText(errors.nomeCliente[0]!, { selector: '.field-error' })).toBeTruthy();
    expect(attempts).toBe(1);
  });
});

describe("cassa: 'Allergie o intolleranze'", () => {
  it('marks the orders with an allergy note in the day list, the note beside the mark', async () => {
    serveDay(cassaDay([{ ...phoneOrder, allergy_note: 'frutta a guscio, bambino' }, onlinePickup]));
    renderApp('/cassa', { user: admin });
    const list = await screen.findByRole('list', { name: 'Ordini del giorno' });
    const [withNote, without] = await within(list).findAllByRole('listitem');
    const mark = within(withNote!).getByTitle('frutta a guscio, bambino');
    expect(mark.textContent).toBe('Allergie: frutta a guscio, bambino');
    expect(mark.querySelector('svg')).toBeTruthy();
    expect(without!.textContent).not.toContain('Allergie');
  });

  it('a new order sends the note typed and built from the quick choices', async () => {
    serveDay();
    const stored: { data: Record<string, unknown> }[] = [];
    server.use(
      http.post('/api/v1/ecommerce/cassa/orders/store', async ({ request, response }) => {
        stored.push((await request.json()) as { data: Record<string, unknown> });
        return response(201).json({ message: 'Ordine creato.', order: { ...phoneOrder, id: 41, order_num: 6, name: 'Piero Angeli' } });
      }),
    );
    const { user } = await startPieroOrder();
    await screen.findByRole('option', { name: /Margherita/ });
    await user.keyboard('{Enter}');
    const note = screen.getByRole('textbox', { name: 'Allergie o intolleranze' }) as HTMLInputElement;
    expect(note.maxLength).toBe(200);
    await user.type(note, 'bambino');
    const choices = screen.getByRole('group', { name: 'Aggiungi un allergene' });
    expect(within(choices).getAllByRole('button')).toHaveLength(14);
    await user.click(within(choices).getByRole('button', { name: 'Frutta a guscio' }));
    await user.click(within(choices).getByRole('button', { name: 'Frutta a guscio' }));
    expect(note.value).toBe('bambino, frutta a guscio');
    const confirm = screen.getByRole('button', { name: 'Conferma ordine' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await user.click(confirm);
    await screen.findByText(/^Ordine creato\./);
    expect(stored[0]!.data.allergy_note).toBe('bambino, frutta a guscio');
  });

  it('an opened order shows its note, and a refused note says why on the field', async () => {
    serveDay();
    const refusal = 'Allergie o intolleranze non può superare 200 caratteri.';
    server.use(
      http.get('/api/v1/ecommerce/cassa/orders/{id}', ({ response }) =>
        response(200).json({ order: { ...phoneOrderDetail, allergy_note: 'latte' } }),
      ),
      http.put('/api/v1/ecommerce/cassa/orders/{id}/update', ({ response }) =>
        response(422).json({ code: 'validation', message: refusal, errors: { allergy_note: [refusal] } }),
      ),
    );
    const { user } = renderApp(`/cassa?ordine=${phoneOrder.id}`, { user: admin });
    const note = (await screen.findByRole('textbox', { name: 'Allergie o intolleranze' })) as HTMLInputElement;
    await waitFor(() => expect(note.value).toBe('latte'));
    await user.click(within(screen.getByRole('group', { name: 'Aggiungi un allergene' })).getByRole('button', { name: 'Uova' }));
    const save = screen.getByRole('button', { name: 'Modifica ordine' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await user.click(save);
    expect(await screen.findByText(refusal, { selector: '.field-error' })).toBeTruthy();
    expect(note.value).toBe('latte, uova');
  });
});
