import {
  canEditOrder,
  DELIVERY_LABELS,
  CATEGORY_GROUP_LABELS,
  CATEGORY_GROUPS,
  EXTERNAL_ORDER_MESSAGE,
  formatDecimalComma,
  fromMinutes,
  ORDER_PROGRESS_LABELS,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_SOURCE,
  PAYMENT_LABELS,
  toMinutes,
  type OrderSource,
} from '../src/domain';
import type { DelayMinutes } from './cassaOutbox.machine';
import type { CassaDayListSnapshot } from './cassaDayList.machine';
import type { CassaDay, CassaListOrder, CassaDayListEvent } from './cassaDayList.types';
import { offlineNotice } from './cassaStart.machine';

export const LIVE_LOST_MESSAGE = 'Connessione persa: aggiorno ogni 30 secondi.';

const SOURCE_LABELS: Record<OrderSource, string> = { 1: 'Online', 2: 'Cassa', 3: 'Piattaforma esterna' };

/** 'Totale: 40,50 € (23,50 € Contanti / Da pagare | 17,00 € Carta di credito / Pagato)', or 'Totale: 0,00 €'. */
export function totalsText(totals: CassaDay['totals']): string {
  if (totals.totalCents === 0) return 'Totale: 0,00 €';
  return (
    `Totale: ${formatDecimalComma(totals.totalCents)} € (${formatDecimalComma(totals.cashCents)} € ${PAYMENT_LABELS.Contanti}` +
    ` | ${formatDecimalComma(totals.cardCents)} € ${PAYMENT_LABELS['Carta di credito']})`
  );
}

/** The four counts of a row: one per kitchen group, and what cannot be classed. */
export function categoryCounts(order: CassaListOrder) {
  return [
    ...CATEGORY_GROUPS.map((group) => ({ label: CATEGORY_GROUP_LABELS[group], count: order.groupQuantities[group] })),
    { label: 'Non catalogabile', count: order.unknownQuantity },
  ];
}

/** The header's counters: the server's, with the cashier's clicks still on their way counted in. */
export function orderCounters(counters: CassaDay['counters']) {
  return [
    { label: 'Non consegnati', value: counters.notDelivered },
    { label: 'In attesa', value: counters.pending },
    { label: 'Modificati', value: counters.reprint },
  ];
}

export const DELAY_CHOICES: readonly DelayMinutes[] = [10, 20, 30];

/** Not yet out nor closed, and the shop's own: 'Ritardo' moves it (the server's rule for a delay). */
export const isDelayable = (order: CassaListOrder) =>
  order.sourceId !== ORDER_SOURCE.external && (order.progress === 'received' || order.progress === 'preparing');

/** The time the order is now promised for: its slot, moved by any delay. */
const promisedTime = (order: CassaListOrder) => fromMinutes((toMinutes(order.deliveryTime) + order.delayMinutes) % (24 * 60));

/** The row's one button for the next step: once the ticket is printed, out for a delivery or ready for a pickup. */
const NEXT_STEP_LABELS = { consegna: 'In consegna', ritiro: 'Pronto' } as const;

/** What the cassa's list shows and the handlers it calls; pure, so path tests assert it at every step. */
export function connectCassaDayList(snapshot: CassaDayListSnapshot, send: (event: CassaDayListEvent) => void) {
  const { day, date, today, newIds, muted, notice, otherDayOrders } = snapshot.context;
  const isLoading = snapshot.hasTag('loading');
  const orders = day?.orders ?? [];
  const newCount = newIds.length;
  return {
    // An offline start shows the kept list before the server has said which day is today.
    date: date ?? day?.date ?? '',
    /** the list is the copy this browser kept: 'Offline: dati delle 20:41' */
    offlineNotice: day?.savedAt ? offlineNotice(day.savedAt) : null,
    isLoading,
    onDateChange: (next: string) => send({ type: 'date.change', date: next }),
    refreshButton: { isDisabled: isLoading, onPress: () => send({ type: 'orders.refresh' }) },
    failure: snapshot.hasTag('failed')
      ? day
        ? 'Aggiornamento non riuscito: la lista potrebbe non essere aggiornata. Nuovo tentativo tra 30 secondi.'
        : 'Non è stato possibile caricare gli ordini. Nuovo tentativo tra 30 secondi.'
      : null,
    notice,
    /** the stream of new orders failed: the list falls back to its 30 s refresh */
    liveNotice: snapshot.hasTag('offline') ? LIVE_LOST_MESSAGE : null,
    isLive: snapshot.hasTag('live'),
    otherDays: otherDayOrders > 0 ? `Nuovi ordini per altri giorni: ${otherDayOrders}` : null,
    totals: day ? totalsText(day.totals) : null,
    slots: (day?.slots ?? []).map((slot) => ({ ...slot, isOverCapacity: slot.quantity > day!.slotCapacity })),
    slotCapacity: day?.slotCapacity ?? null,
    closedNotice: day?.closedNotice ?? null,
    counters: day ? orderCounters(day.counters) : null,
    /** tonight's orders 'Ritardo' in the header would move; null when another day is shown */
    delayableTonight: date !== null && date === today ? orders.filter(isDelayable).length : null,
    emptyMessage: day && orders.length === 0 ? 'Nessun ordine per questo giorno.' : null,
    newCount,
    pageTitle: newCount > 0 ? `(${newCount}) Cassa` : 'Cassa',
    muteButton: {
      isSelected: muted,
      label: muted ? 'Avviso sonoro disattivato' : 'Avviso sonoro attivo',
      onChange: () => send({ type: 'alert.mute.toggle' }),
    },
    rows: orders.map((order) => {
      const canOpen = canEditOrder(order);
      return {
        id: order.id,
        name: order.name,
        sourceId: order.sourceId,
        sourceLabel: SOURCE_LABELS[order.sourceId],
        summary: `Ordine numero #${order.orderNum} - ${formatDecimalComma(order.totalCents)} € - ${PAYMENT_LABELS[order.paymentType]}`,
        place: order.delivery === 'ritiro' ? DELIVERY_LABELS.ritiro : (order.zone ?? 'Zona non indicata'),
        counts: categoryCounts(order),
        deliveryTime: promisedTime(order),
        delayNote: order.delayMinutes > 0 ? `+${order.delayMinutes} min` : null,
        progressLabel: ORDER_PROGRESS_LABELS[order.progress],
        nextButton:
          order.progress === 'preparing'
            ? { label: NEXT_STEP_LABELS[order.delivery], onPress: () => send({ type: 'order.progress', id: order.id, direction: 'next' }) }
            : null,
        /** the row's menu: undo a mistaken tap, or move this order's time */
        menuItems: [
          ...(order.progress === 'on_the_way' || order.progress === 'ready'
            ? [{ label: 'Annulla ultimo passo', onAction: () => send({ type: 'order.progress', id: order.id, direction: 'back' }) }]
            : []),
          ...(isDelayable(order)
            ? DELAY_CHOICES.map((minutes) => ({
                label: `+${minutes} min`,
                onAction: () => send({ type: 'order.delay', id: order.id, minutes }),
              }))
            : []),
        ],
        menuLabel: `Altre azioni ordine numero ${order.orderNum}`,
        /** the row's warning mark and what the note says */
        allergyNote: order.allergyNote,
        statusLabel: ORDER_STATUS_LABELS[order.status],
        status: order.status,
        isNew: newIds.includes(order.id),
        isDelivered: order.delivered === 1,
        deliveredCheckbox: {
          isSelected: order.delivered === 1,
          label: order.delivered === 1 ? 'Consegnato' : 'Non Consegnato',
          onChange: () => send({ type: 'order.delivered.toggle', id: order.id }),
        },
        openButton: {
          isDisabled: !canOpen,
          reason: canOpen ? null : EXTERNAL_ORDER_MESSAGE,
          onPress: () => send({ type: 'order.open', id: order.id }),
        },
        /** the row's print (the screen's kitchen printers take it): 'Ristampa' once printed sends a new ticket */
        printLabel: `${order.status === ORDER_STATUS.printed ? 'Ristampa' : 'Stampa'} ordine numero ${order.orderNum}`,
      };
    }),
  };
}

export type CassaDayListView = ReturnType<typeof connectCassaDayList>;
