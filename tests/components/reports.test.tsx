/**
 * The owner's reports over msw (issue 32): 'Incassi' shows the evening's Italian figures, 'Mostra
 * tabella' gives a chart's numbers as a table, 'Andamento' says each figure beside the previous period.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/api/client';
import { cassaDay } from '../mocks/cassa.fixtures';
import { admin, cashier } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

const totals = (orders: number, revenue: number): Schemas['ReportTotals'] => ({
  orders,
  revenue,
  average_order: Math.round((revenue / orders) * 100) / 100,
  delivery_fees: 2.5,
  discounts: 3.1,
});

const evening: Schemas['EveningSummary'] = {
  day: '2026-11-18',
  totals: totals(3, 1234.5),
  by_payment: [
    { key: 'Contanti', label: 'Contanti', orders: 2, total: 1200 },
    { key: 'Carta di credito', label: 'Carta di credito', orders: 1, total: 34.5 },
  ],
  by_delivery: [{ key: 'consegna', label: 'Consegna a domicilio', orders: 3, total: 1234.5 }],
  by_source: [{ key: 'online', label: 'Online', orders: 3, total: 1234.5 }],
  discount_codes: [{ code: 'RITIRO-IN-PIZZERIA', orders: 1, amount: 3.1 }],
  cancelled: { orders: 1, value: 9 },
  slots: [
    { time: '19:00', orders: 2, oven_load: 7 },
    { time: '19:15', orders: 1, oven_load: 2 },
  ],
  slot_capacity: 6,
  top_products: [{ id: 1, name: 'Margherita', quantity: 5, revenue: 32.5 }],
};

const figures = (from: string, to: string, orders: number, revenue: number): Schemas['PeriodFigures'] => ({
  from,
  to,
  totals: totals(orders, revenue),
  days: [{ day: from, orders, revenue }],
  products: [{ id: 1, name: 'Diavola', quantity: orders, revenue }],
  doughs: [],
  additions: [],
  categories: [],
  zones: [],
  weekday_hours: [{ weekday: 3, hour: 20, orders, revenue }],
  customers: { new: 2, returning: 1, unknown_orders: 0 },
  discount_codes: [],
});

describe('the owner’s reports', () => {
  it("'Incassi' shows the evening's figures in Italian, once saying it is not the fiscal close", async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/v1/admin/reports/evening', ({ request, response }) => {
        asked.push(new URL(request.url).searchParams.get('day'));
        return response(200).json(evening);
      }),
    );
    renderApp('/admin/incassi', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Riepilogo della serata del 18/11/2026' })).toBeTruthy();
    expect(asked).toEqual([null]);
    const payments = screen.getByRole('table', { name: 'Per pagamento' });
    expect(within(payments).getByRole('row', { name: 'Contanti 2 1200,00 €' })).toBeTruthy();
    expect(within(payments).getByRole('row', { name: 'Carta di credito 1 34,50 €' })).toBeTruthy();
    expect(screen.getByText('1234,50 €', { selector: '.report-figure__value' })).toBeTruthy();
    expect(screen.getByText('1 (9,00 €)')).toBeTruthy();
    expect(screen.getByText('non inclusi nei totali')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Sconti per codice' }).textContent).toMatch('RITIRO-IN-PIZZERIA13,10 €');
    expect(screen.getAllByText(/non fiscale/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Stampa riepilogo' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/evening/pdf?day=2026-11-18',
    );
  });

  it("'Mostra tabella' shows the slots chart's numbers as a table", async () => {
    server.use(http.get('/api/v1/admin/reports/evening', ({ response }) => response(200).json(evening)));
    const { user } = renderApp('/admin/incassi', { user: admin });
    const toggle = await screen.findByRole('button', { name: 'Mostra tabella' });
    const title = 'Ordini e carico del forno per fascia di 15 minuti';
    expect(screen.queryByRole('table', { name: title })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table', { name: title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Orario', 'Ordini', 'Carico forno', 'Capacità']);
    expect(within(table).getByRole('row', { name: '19:00 2 7 6' })).toBeTruthy();
  });

  it("'Riprova' after a failed load, and an empty day says so", async () => {
    let calls = 0;
    server.use(
      http.get('/api/v1/admin/reports/evening', ({ response }) =>
        ++calls === 1
          ? response.untyped(new Response('{}', { status: 500 }))
          : response(200).json({ ...evening, totals: { ...totals(1, 1), orders: 0 }, cancelled: { orders: 0, value: 0 } }),
      ),
    );
    const { user } = renderApp('/admin/incassi', { user: admin });
    expect(await screen.findByText('Non è stato possibile caricare il riepilogo.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Nessun ordine in questo giorno.')).toBeTruthy();
  });

  it("'Andamento' says each figure beside the previous period, and its CSV links name the period", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/admin/reports/period', ({ request, response }) => {
        const { searchParams } = new URL(request.url);
        const [from, to] = [searchParams.get('from')!, searchParams.get('to')!];
        asked.push(`${from}/${to}`);
        return response(200).json({ current: figures(from, to, 28, 560), previous: figures('2000-01-01', '2000-01-31', 25, 0.01) });
      }),
    );
    const { user } = renderApp('/admin/andamento', { user: admin });
    const ordersFigure = await screen.findByText('Ordini', { selector: 'dt' });
    expect(ordersFigure.parentElement?.textContent).toMatch('Ordini28+12 % sul mese precedente');
    const month = asked[0]!.split('/');
    expect(screen.getByRole('link', { name: 'Esporta CSV: ordini' }).getAttribute('href')).toBe(
      `/api/v1/admin/reports/orders.csv?from=${month[0]}&to=${month[1]}`,
    );
    await user.click(screen.getByRole('button', { name: 'Settimana' }));
    await waitFor(() =>
      expect(screen.getByText('Ordini', { selector: 'dt' }).parentElement?.textContent).toMatch('+12 % sulla settimana precedente'),
    );
    expect(screen.getByRole('table', { name: 'Più venduti' }).textContent).toMatch('Diavola28560,00 €');
    expect(screen.getByRole('table', { name: 'Clienti' }).textContent).toMatch('Nuovi2');
  });

  it('gives no percentage when the previous period had nothing', async () => {
    server.use(
      http.get('/api/v1/admin/reports/period', ({ response }) =>
        response(200).json({
          current: figures('2026-11-01', '2026-11-30', 4, 60),
          previous: {
            ...figures('2026-10-01', '2026-10-31', 0, 0),
            totals: { orders: 0, revenue: 0, average_order: 0, delivery_fees: 0, discounts: 0 },
          },
        }),
      ),
    );
    renderApp('/admin/andamento', { user: admin });
    const ordersFigure = await screen.findByText('Ordini', { selector: 'dt' });
    expect(ordersFigure.parentElement?.textContent).toMatch(/^Ordini4$/);
  });

  it("sends a cashier from 'Incassi' and 'Andamento' to the cassa, never asking for the numbers", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/ecommerce/cassa/orders', ({ response }) => response(200).json(cassaDay([]))),
      http.get('/api/v1/admin/reports/evening', ({ request, response }) => {
        asked.push(request.url);
        return response(200).json(evening);
      }),
    );
    for (const path of ['/admin/incassi', '/admin/andamento']) {
      const app = renderApp(path, { user: cashier });
      await waitFor(() => expect(app.location().pathname).toBe('/cassa'));
      expect(screen.queryByRole('heading', { name: /Riepilogo della serata|Andamento/ })).toBeNull();
      app.unmount();
    }
    expect(asked).toEqual([]);
  });
});
