import type { Cents, CategoryGroup, DeliveryType, OrderProgress, OrderSource, PaymentType, ProgressDirection } from '../src/domain';
import type { DelayMinutes, WriteOutcome } from './cassaOutbox.machine';

/** One order as the day's list shows it (money in cents). */
export interface CassaListOrder {
  id: number;
  orderNum: number;
  name: string;
  totalCents: Cents;
  paymentType: PaymentType;
  delivery: DeliveryType;
  zone: string | null;
  sourceId: OrderSource;
  /** 0 In attesa, 1 Stampato, 2 Ristampa (cancelled orders are never listed) */
  status: 0 | 1 | 2;
  delivered: 0 | 1;
  /** where the order is ('In preparazione', 'In consegna'…), by the one rule of src/domain */
  progress: OrderProgress;
  /** the slot booked (the strip counts it there) */
  deliveryTime: string;
  /** minutes 'Ritardo' moved the promised time by */
  delayMinutes: number;
  /** quantity per kitchen group */
  groupQuantities: Record<CategoryGroup, number>;
  unknownQuantity: number;
  /** 'Allergie o intolleranze' as the customer or the cashier wrote it; null: none */
  allergyNote: string | null;
}

export interface SlotLoad {
  time: string;
  orders: number;
  quantity: number;
  externalQuantity: number;
}

/** The header's counters as the server counts them: orders not delivered, waiting to print, to print again. */
export interface DayCounters {
  notDelivered: number;
  pending: number;
  reprint: number;
}

/** A delivery day as the server answers it. */
export interface CassaDay {
  date: string;
  orders: CassaListOrder[];
  totals: { totalCents: Cents; cashCents: Cents; cardCents: Cents };
  counters: DayCounters;
  slots: SlotLoad[];
  /** oven items a slot takes before it is full */
  slotCapacity: number;
  /** 'Chiuso: Natale' when the owner closed the day as a special day */
  closedNotice: string | null;
  /** the back office's catalogue version when the list was read (the cassa reloads its products if newer) */
  catalogueVersion: number;
  /** only on the copy this browser kept for an offline start: when the list was shown (ISO instant) */
  savedAt?: string;
}

/** A change the list makes at once and sends to the server behind the cashier's back. */
export type OrderChange =
  | { id: number; status: 1 }
  | { id: number; delivered: 0 | 1 }
  /** a step, with the row as it will be (a refresh meanwhile shows it again, never one step further) */
  | { id: number; direction: ProgressDirection; after: Pick<CassaListOrder, 'status' | 'delivered' | 'progress'> }
  /** a delay, with the row's delay in all once it is added */
  | { id: number; delay: DelayMinutes; delayMinutes: number };
/** How a change ended: written, queued in 'Da inviare', refused with a reason (a cancelled order, an order gone), or failed. */
export type ChangeResult = WriteOutcome;

export interface CassaDayListInput {
  /** the day to show, yyyy-mm-dd; null for the shop's today (the server's clock decides what today is) */
  date: string | null;
  /** the chime for new online orders is off (remembered between visits) */
  muted: boolean;
  /** the list this browser kept, shown until the server answers (an offline start) */
  day?: CassaDay | null;
}

export interface CassaDayListContext {
  /** null until the server has said which day "today" is */
  date: string | null;
  /** the shop's today, as the server answered the first list (the evening 'Ritardo' moves) */
  today: string | null;
  day: CassaDay | null;
  /** ids listed by the last answer for this date; null before the first one (nothing is new then) */
  knownIds: number[] | null;
  /** online orders that appeared in a refresh, highlighted until printed or opened */
  newIds: number[];
  muted: boolean;
  /** changes not yet confirmed by the server, oldest first */
  pending: OrderChange[];
  /** tickets to print, oldest first */
  tickets: number[];
  /** what the cassa says about a change the server did not take */
  notice: string | null;
  /** the live stream's failures since it was last up (the retry waits longer after each) */
  liveFailures: number;
  /** new orders the stream announced for other days than the one shown (the list does not reload for them) */
  otherDayOrders: number;
}

/** What the live stream tells of one change of an order. */
export interface LiveOrderEvent {
  orderId: number;
  /** `progress`: a step tapped; `delayed`: its promised time moved */
  kind: 'created' | 'updated' | 'status' | 'delivered' | 'printed' | 'progress' | 'delayed';
  /** the order's delivery day, yyyy-mm-dd */
  deliveryDate: string;
}

export type CassaDayListEvent =
  | { type: 'date.change'; date: string }
  | { type: 'orders.refresh' }
  | { type: 'order.print'; id: number }
  | { type: 'order.delivered.toggle'; id: number }
  /** the row's next step ('In consegna', 'Pronto') or 'Annulla ultimo passo' */
  | { type: 'order.progress'; id: number; direction: ProgressDirection }
  /** '+10 min'… from the row's menu */
  | { type: 'order.delay'; id: number; minutes: DelayMinutes }
  | { type: 'order.open'; id: number }
  | { type: 'alert.mute.toggle' }
  /** the live stream (the `followOrders` actor): it is up, an order changed, it failed */
  | { type: 'live.opened' }
  | ({ type: 'live.event' } & LiveOrderEvent)
  | { type: 'live.lost' }
  /** the live stream: the back office committed a change of the catalogue, now at `version` */
  | { type: 'catalogue.changed'; version: number };
