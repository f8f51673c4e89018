import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, server } from '../mocks/handlers';
import { deliveredOrder, lateOrder, PICKUP_TOKEN, preparingOrder, readyPickup, TRACKING_TOKEN } from '../mocks/trackingFixtures';
import { renderApp } from './render';

/** The browser's EventSource, driven by the test: each stream the page opens, and what it was told. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

/** The server's answers for the tracking page, in turn: the last one stays. */
function answering(...answers: (typeof preparingOrder)[]) {
  let reads = 0;
  server.use(
    http.get('/api/v1/ecommerce/orders/track/{token}', ({ params, response }) => {
      if (params.token !== TRACKING_TOKEN) return response(404).json({ code: 'not_found', message: 'Ordine non trovato.' });
      return response(200).json(answers[Math.min(reads++, answers.length - 1)]!);
    }),
  );
  return () => reads;
}

const currentStep = () =>
  within(screen.getByRole('list', { name: "Stato dell'ordine" })).getByText((_, el) => el?.getAttribute('aria-current') === 'step');

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('tracking page /ordine/:token', () => {
  it('shows the order number, the first name, the steps with the current one, the window, the lines and the total', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    answering(preparingOrder);
    renderApp(`/ordine/${TRACKING_TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine n. 12' })).toBeTruthy();
    expect(screen.getByText('Ciao Anna, ecco il tuo ordine.')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: "Stato dell'ordine" })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Ricevuto', 'In preparazione', 'In consegna', 'Consegnato']);
    expect(currentStep().textContent).toBe('In preparazione');
    expect(screen.getByText('Arrivo previsto: 20:30–20:45')).toBeTruthy();
    expect(screen.queryByText(/In ritardo/)).toBeNull();
    expect(screen.getByText('Consegna a domicilio')).toBeTruthy();
    expect(screen.getByText('2 × Margherita')).toBeTruthy();
    expect(screen.getByText('Costo di consegna: 2,50 €')).toBeTruthy();
    expect(screen.getByText('Totale: 24,00 €')).toBeTruthy();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([`/api/v1/ecommerce/orders/track/${TRACKING_TOKEN}/events`]);
  });

  it('a pickup says when it is ready', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    server.use(http.get('/api/v1/ecommerce/orders/track/{token}', ({ response }) => response(200).json(readyPickup)));
    renderApp(`/ordine/${PICKUP_TOKEN}`);
    expect(await screen.findByText('Pronto per le 20:30')).toBeTruthy();
    expect(currentStep().textContent).toBe('Pronto per il ritiro');
    expect(screen.getByText('Ritiro in pizzeria')).toBeTruthy();
  });

  it('follows the stream: each event shows the order as it is now; a drop says so; a closed order ends the stream', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    answering(preparingOrder, preparingOrder, lateOrder, deliveredOrder);
    renderApp(`/ordine/${TRACKING_TOKEN}`);
    await screen.findByText('Arrivo previsto: 20:30–20:45');
    const [stream] = FakeEventSource.opened;
    act(() => stream!.onopen!());
    act(() => stream!.onmessage!({ data: '{}' }));
    expect(await screen.findByText('In ritardo di 10 minuti: ci scusiamo.')).toBeTruthy();
    expect(screen.getByText('Arrivo previsto: 20:30–20:55')).toBeTruthy();
    expect(currentStep().textContent).toBe('In consegna');

    act(() => stream!.onerror!());
    expect(screen.getByText('Aggiornamento automatico sospeso: riprovo tra poco.')).toBeTruthy();
    // The browser reconnects (Last-Event-ID): the notice goes, the order is read again.
    act(() => stream!.onopen!());
    await vi.waitFor(() => expect(currentStep().textContent).toBe('Consegnato'));
    expect(screen.queryByText('Aggiornamento automatico sospeso: riprovo tra poco.')).toBeNull();
    expect(stream!.closed).toBe(true);
  });

  it('reads the order every 30 s while the stream is down, and opens a new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      const reads = answering(preparingOrder, lateOrder);
      renderApp(`/ordine/${TRACKING_TOKEN}`);
      await screen.findByText('Arrivo previsto: 20:30–20:45');
      act(() => FakeEventSource.opened[0]!.onerror!());
      expect(screen.getByText('Aggiornamento automatico sospeso: riprovo tra poco.')).toBeTruthy();
      expect(reads()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(await screen.findByText('In ritardo di 10 minuti: ci scusiamo.')).toBeTruthy();
      expect(reads()).toBe(2);
      expect(FakeEventSource.opened).toHaveLength(2);
      expect(FakeEventSource.opened[0]!.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a stream at all (no EventSource) it still shows the order and says updates are paused', async () => {
    vi.stubGlobal('EventSource', undefined);
    answering(preparingOrder);
    renderApp(`/ordine/${TRACKING_TOKEN}`);
    expect(await screen.findByText('Arrivo previsto: 20:30–20:45')).toBeTruthy();
    expect(screen.getByText('Aggiornamento automatico sospeso: riprovo tra poco.')).toBeTruthy();
  });

  it("a wrong token says 'Ordine non trovato.' and shows nothing of an order", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    answering(preparingOrder);
    renderApp('/ordine/not-a-token');
    expect(await screen.findByText('Ordine non trovato.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: "Stato dell'ordine" })).toBeNull();
    expect(FakeEventSource.opened.every((s) => s.closed)).toBe(true);
  });
});

describe("checkout confirmation: 'Segui il tuo ordine'", () => {
  const placed = {
    id: 41,
    order_num: 7,
    delivery_date: '2026-11-18',
    delivery_time: '20:30',
    delivery: 'ritiro' as const,
    address: null,
    zone_name: null,
    payment_type: 'Contanti' as const,
    total_price: 21.5,
    delivery_fee: 0,
    allergy_note: null,
  };

  it('links to the tracking page the checkout answered with', async () => {
    server.use(http.get('/api/v1/ecommerce/account/orders/{id}', ({ response }) => response(200).json({ order: placed })));
    renderApp(`/ecommerce/ordine-confermato?message=Ordine+confermato&ordine=41&segui=/ordine/${TRACKING_TOKEN}`);
    const link = await screen.findByRole('link', { name: 'Segui il tuo ordine' });
    expect(link.getAttribute('href')).toBe(`/ordine/${TRACKING_TOKEN}`);
  });

  it('never links elsewhere, and without a link (a replayed submit) shows none', async () => {
    server.use(http.get('/api/v1/ecommerce/account/orders/{id}', ({ response }) => response(200).json({ order: placed })));
    renderApp('/ecommerce/ordine-confermato?message=Ordine+confermato&ordine=41&segui=https://example.com/ordine/x');
    expect(await screen.findByText('Ordine n. 7')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Segui il tuo ordine' })).toBeNull();
  });
});
