import type { DeliveryType, PaymentType, ShopNow } from '../src/domain';
import type { CartEvent, CartLine } from './cart.machine';
import type { WriteOutcome } from './cassaOutbox.machine';
import type { Category, Product, Zone } from './shop.machine';

/** A client of the cassa's address book. */
export interface CassaClient {
  id: number;
  name: string;
  address: string | null;
  telephone: string | null;
  zoneId: number | null;
  /** the lines of their latest order ('Ripeti ultimo ordine'), empty without one */
  lastOrder: RepeatLine[];
}

/** A line of a client's latest order, by ids: the cassa prices it again today. */
export interface RepeatLine {
  productId: number;
  variantId: number | null;
  additionIds: number[];
  qty: number;
}

/** What the cassa loads once: the address book, the zones and the whole catalogue (hidden items too). */
export interface CassaCatalog {
  clients: CassaClient[];
  zones: Zone[];
  categories: Category[];
  products: Product[];
  /** the server's clock, read again whenever a new order starts */
  now: () => ShopNow;
  /** the days the owner closed as special days, each with its notice ('Chiuso: Natale') */
  closedDays: { from: string; until: string; notice: string }[];
  /** the back office's catalogue version the products and zones were read at */
  catalogueVersion: number;
}

export interface CassaOrderForm {
  /** 0: a name typed by hand, a client the server will add */
  clientId: number;
  name: string;
  zoneId: number | null;
  address: string;
  telephone: string;
  delivery: DeliveryType;
  paymentType: PaymentType;
  hour: number;
  minute: number;
  date: string;
  note: string;
  /** 'Allergie o intolleranze': printed first on the ticket */
  allergyNote: string;
}

/** The order being edited, as it was loaded. */
export interface OpenedOrder {
  id: number;
  orderNum: number;
  /** the version the edit is based on: a save after another cash desk's is refused */
  version: number;
  /** the registered customer who placed it online, if any */
  user: { id: number; name: string } | null;
  nomeCitofono: string | null;
  form: CassaOrderForm;
  lines: CartLine[];
  code: string | null;
}

export type LoadOrderOutcome = { ok: true; order: OpenedOrder } | { ok: false; message: string };

/** What the widget knows of the cassa's cart (another actor, which tells it on every change). */
export interface CartFacts {
  lines: CartLine[];
  code: string | null;
  /** a change is being priced: no final total yet */
  isPricing: boolean;
}

export interface SaveOrderInput {
  form: CassaOrderForm;
  /** null: a new order */
  order: Pick<OpenedOrder, 'id' | 'orderNum' | 'version' | 'user' | 'nomeCitofono'> | null;
  /** the confirm's key: a second confirm of the same order returns the first, a resent edit is not applied twice */
  idempotencyKey: string;
  cart: Pick<CartFacts, 'lines' | 'code'>;
}

/** Saved with the server's message (and the client it added for a new name), or queued, stale, refused, failed. */
export type SaveOrderOutcome = WriteOutcome<{ message: string; client: CassaClient | null }>;

/**
 * The order being typed as the browser keeps it (localStorage, saved by the screen's owner): after a
 * reload or a crashed tab the widget starts from it, until it is confirmed or emptied. No credential.
 */
export interface CassaDraft {
  /** null: a new order; else the opened order it edits, at `version` */
  orderId: number | null;
  version: number | null;
  form: CassaOrderForm;
  lines: CartLine[];
  code: string | null;
}

export interface CassaOrderInput {
  /** the order the URL names, or null for a new one */
  orderId: number | null;
  createKey: () => string;
  /** what was being typed before the page was reloaded */
  draft?: CassaDraft | null;
}

export interface CassaOrderContext {
  createKey: () => string;
  /** the restored draft, until the order it belongs to is on screen */
  draft: CassaDraft | null;
  catalog: CassaCatalog | null;
  /** the newest catalogue version heard of: a reload under way for an older one starts again */
  catalogueHeard: number;
  /** the order the URL names (the URL owns it; the machine follows) */
  orderId: number | null;
  opened: OpenedOrder | null;
  form: CassaOrderForm;
  cart: CartFacts;
  idempotencyKey: string | null;
  /** the last save's outcome, or why an order could not be opened */
  message: string | null;
  isError: boolean;
  errors: Record<string, string>;
}

export type TextField = 'address' | 'telephone' | 'note' | 'allergyNote' | 'date';

export type CassaOrderEvent =
  | { type: 'init.retry' }
  | { type: 'order.select'; id: number }
  | { type: 'order.clear' }
  | { type: 'order.confirm' }
  /** 'Ripeti ultimo ordine': the picked client's latest order fills the cart */
  | { type: 'order.repeat' }
  | { type: 'cart.changed'; cart: CartFacts }
  /** the day's list was read at this catalogue version: a newer one reloads the products and zones */
  | { type: 'catalogue.changed'; version: number }
  | { type: 'client.query'; text: string }
  | { type: 'client.pick'; id: number }
  | { type: 'zone.select'; zoneId: number | null }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'hour.change'; hour: number }
  | { type: 'minute.change'; minute: number }
  | { type: 'delivery.change'; delivery: DeliveryType }
  | { type: 'payment.change'; paymentType: PaymentType }
  /** the lines (cassaLines): an item for the cart */
  | { type: 'lines.cart'; command: CartEvent };
