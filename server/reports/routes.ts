import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { toEuros } from '../../src/domain';
import { defineRoute } from '../http/contract';
import type { Services } from '../services';
import type { CodeUse, ItemSales, PeriodFigures, Totals } from './period-queries';
import { averageOrder, type Slice } from './reports.service';
import { renderSummaryPdf } from './summary-pdf';

const totalsDto = (t: Totals) => ({
  orders: t.orders,
  revenue: toEuros(t.revenueCents),
  average_order: toEuros(averageOrder(t)),
  delivery_fees: toEuros(t.feesCents),
  discounts: toEuros(t.discountsCents),
});
const sliceDto = (s: Slice) => ({ key: s.key, label: s.label, orders: s.orders, total: toEuros(s.totalCents) });
const itemDto = (i: ItemSales) => ({ id: i.id, name: i.name, quantity: i.quantity, revenue: toEuros(i.revenueCents) });
const codeDto = (c: CodeUse) => ({ code: c.code, orders: c.orders, amount: toEuros(c.amountCents) });

const periodDto = (p: PeriodFigures) => ({
  from: p.from,
  to: p.to,
  totals: totalsDto(p.totals),
  days: p.days.map((d) => ({ day: d.day, orders: d.orders, revenue: toEuros(d.revenueCents) })),
  products: p.products.map(itemDto),
  doughs: p.doughs.map(itemDto),
  additions: p.additions.map(itemDto),
  categories: p.categories.map(itemDto),
  zones: p.zones.map(itemDto),
  weekday_hours: p.weekdayHours.map((c) => ({ weekday: c.weekday, hour: c.hour, orders: c.orders, revenue: toEuros(c.revenueCents) })),
  customers: { new: p.customers.new, returning: p.customers.returning, unknown_orders: p.customers.unknownOrders },
  discount_codes: p.discountCodes.map(codeDto),
});

/** A CSV download, streamed page by page as the database gives it. */
const sendCsv = (reply: FastifyReply, name: string, from: string, to: string, chunks: AsyncGenerator<string>) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${from}-${to}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));

/** The owner's numbers ('Incassi'): the evening's summary, a period's trend, the exports. */
export const reportRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { reports, reportExports, catalog } = services;

  defineRoute(app, 'getEveningSummary', { access: 'admin' }, async (request) => {
    const s = await reports.evening(request.query.day);
    return {
      day: s.day,
      totals: totalsDto(s.totals),
      by_payment: s.byPayment.map(sliceDto),
      by_delivery: s.byDelivery.map(sliceDto),
      by_source: s.bySource.map(sliceDto),
      discount_codes: s.discountCodes.map(codeDto),
      cancelled: { orders: s.cancelled.orders, value: toEuros(s.cancelled.valueCents) },
      slots: s.slots.map((slot) => ({ time: slot.time, orders: slot.orders, oven_load: slot.ovenLoad })),
      slot_capacity: s.slotCapacity,
      top_products: s.topProducts.map(itemDto),
    };
  });

  defineRoute(app, 'getEveningSummaryPdf', { access: 'admin' }, async (request, reply) => {
    const summary = await reports.evening(request.query.day);
    const pdf = await renderSummaryPdf(summary, (await catalog.snapshot()).settings.shop_name!);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="riepilogo-${summary.day}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  defineRoute(app, 'getPeriodReport', { access: 'admin' }, async (request) => {
    const { current, previous } = await reports.period(request.query.from, request.query.to);
    return { current: periodDto(current), previous: periodDto(previous) };
  });

  defineRoute(app, 'exportOrdersCsv', { access: 'admin' }, async (request, reply) => {
    const { from, to } = request.query;
    reports.checkPeriod(from, to);
    return sendCsv(reply, 'ordini', from, to, reportExports.orders(from, to));
  });

  defineRoute(app, 'exportOrderLinesCsv', { access: 'admin' }, async (request, reply) => {
    const { from, to } = request.query;
    reports.checkPeriod(from, to);
    return sendCsv(reply, 'righe-ordini', from, to, reportExports.orderLines(from, to));
  });
};
