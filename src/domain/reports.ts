import { ORDER_SOURCE, type OrderSource } from './orders';

/** Where an order came from, as the reports name it (the contract's OrderSourceKey). */
export type OrderSourceKey = 'online' | 'cassa' | 'external';

export const ORDER_SOURCE_KEYS: Record<OrderSource, OrderSourceKey> = {
  [ORDER_SOURCE.online]: 'online',
  [ORDER_SOURCE.cassa]: 'cassa',
  [ORDER_SOURCE.external]: 'external',
};

export const ORDER_SOURCE_LABELS: Record<OrderSourceKey, string> = {
  online: 'Online',
  cassa: 'Cassa',
  external: 'Piattaforme',
};

/** What a cancelled order's status is called where it is listed (exports); the others have ORDER_STATUS_LABELS. */
export const CANCELLED_STATUS_LABEL = 'Annullato';

/** A report's heading on paper: the fiscal close stays with the shop's certified till. */
export const SUMMARY_PDF_TITLE = 'Riepilogo gestionale (non fiscale)';

/** 1 Monday … 7 Sunday, from JavaScript's 0 Sunday … 6 Saturday. */
export const isoWeekday = (weekday: number) => (weekday === 0 ? 7 : weekday);
