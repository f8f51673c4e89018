export const DELIVERY_TYPES = ['consegna', 'ritiro'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** An order's delivery as every screen, ticket and mail names it (server and browser alike). */
export const DELIVERY_LABELS: Record<DeliveryType, string> = {
  consegna: 'Consegna a domicilio',
  ritiro: 'Ritiro in pizzeria',
};

/** The cassa editor's delivery select says only 'Ritiro' (the SPEC's cassa form). */
export const CASSA_DELIVERY_LABELS: Record<DeliveryType, string> = { ...DELIVERY_LABELS, ritiro: 'Ritiro' };

export const PAYMENT_TYPES = ['Contanti', 'Carta di credito'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_LABELS: Record<PaymentType, string> = {
  Contanti: 'Contanti / Da pagare',
  'Carta di credito': 'Carta di credito / Pagato',
};

/** 0 new, 1 printed, 2 edited after printing (reprint needed), 3 cancelled (kept, never shown or counted). */
export const ORDER_STATUS = { pending: 0, printed: 1, reprint: 2, cancelled: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_LABELS: Record<Exclude<OrderStatus, 3>, string> = {
  0: 'In attesa',
  1: 'Stampato',
  2: 'Ristampa',
};

/** 1 online shop, 2 cassa (phone / walk-in), 3 external platform (listed, never editable). */
export const ORDER_SOURCE = { online: 1, cassa: 2, external: 3 } as const;
export type OrderSource = (typeof ORDER_SOURCE)[keyof typeof ORDER_SOURCE];

/** Why an external platform's order cannot be opened or saved (the cassa's list and the server say the same). */
export const EXTERNAL_ORDER_MESSAGE = 'Gli ordini delle piattaforme esterne non si possono modificare.';

/** Orders of external platforms are listed, never edited (SPEC §5): their platform owns them. */
export function canEditOrder(order: { sourceId: number }): boolean {
  return order.sourceId !== ORDER_SOURCE.external;
}

/**
 * Which status may follow which. A live order (0, 1, 2) may move to any status: printing sets 1,
 * an edit after printing sets 2, staff may cancel. Cancelled is final: no status, no delivery flag,
 * no edit brings it back (it would count again in totals and slot load).
 */
export const ORDER_STATUS_NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  0: [0, 1, 2, 3],
  1: [0, 1, 2, 3],
  2: [0, 1, 2, 3],
  3: [],
};

export const CANCELLED_ORDER_MESSAGE = 'Questo ordine è stato annullato e non è modificabile.';
/** An edit based on an older version of the order: another cash desk saved it in between. */
export const STALE_ORDER_MESSAGE = "Questo ordine è stato modificato da un'altra cassa: ricaricalo prima di salvarlo.";

export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_NEXT[from].includes(to);
}

/** A final order takes no change at all: no status, no delivery flag, no edit. */
export function isFinalStatus(status: OrderStatus): boolean {
  return ORDER_STATUS_NEXT[status].length === 0;
}

/** Editing a printed order means the kitchen ticket is stale: it must be printed again. */
export function statusAfterEdit(status: OrderStatus): OrderStatus {
  return status === ORDER_STATUS.printed ? ORDER_STATUS.reprint : status;
}

export const PICKUP_DISCOUNT_CODE = 'RITIRO-IN-PIZZERIA';

/** Whether an edit of the delivery type should set or clear the automatic pickup code. */
export function discountCodeForDelivery(delivery: DeliveryType, currentCode: string | null): string | null {
  if (delivery === 'ritiro') return PICKUP_DISCOUNT_CODE;
  return currentCode === PICKUP_DISCOUNT_CODE ? null : currentCode;
}

/** An order already booked on hours or days the owner is closing: the owner is told before saving. */
export interface BookedOrder {
  id: number;
  orderNum: number;
  /** the delivery date, yyyy-mm-dd */
  date: string;
  /** the delivery time, hh:mm */
  time: string;
  name: string;
}
