/**
 * The one writer of orders. Each engine has its implementation (order-writer.sqlite.ts,
 * order-writer.postgres.ts), chosen once where the services are wired; each owns its transactions
 * and tells the order streams of what it committed, so no service does either.
 */
import type { OrderStatus, ProgressDirection } from '../../src/domain';
import type { Db } from '../db/database';
import type { AddressesTable } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import type { Selectable } from 'kysely';
import type { OrderDraft } from './order-store';

/** The slot is full: the order was not written. */
export const SLOT_FULL = Symbol('slot full');
/** The saved address the order names is not the customer's: the order was not written. */
export const NOT_OWN_ADDRESS = Symbol('not own address');

/** What writing a new order decided: its id and its number of the day. */
export interface InsertedOrder {
  id: number;
  orderNum: number;
}

export type AddressRow = Omit<Selectable<AddressesTable>, 'id'>;

/** Checkout's address: a saved one that must be the customer's, or one typed now, remembered once. */
export type OrderAddress = { saved: { id: number; userId: number } } | { typed: AddressRow };

/** A request's Idempotency-Key as stored with the order, and the fingerprint of what it asked. */
export interface StoredKey {
  key: string;
  fingerprint: string;
}

export interface NewOrderOptions {
  idempotency?: StoredKey | null;
  /** the slot must have room for the order's oven items (online checkout); staff judge it themselves */
  capacity?: number;
  address?: OrderAddress;
  /** the mail telling the order, given its number: queued with the order (a crash after still sends it) */
  mail?: (orderNum: string) => MailMessage;
  /** the sha-256 of the order's tracking token (online orders), stored with the order */
  trackingHash?: string;
  /** a print job for each paired printer that prints new online orders by itself, written with the order */
  autoPrint?: boolean;
}

/**
 * Why an order cannot take a change: it does not exist, its status is final (cancelled), or the edit
 * was based on a version someone else has replaced since.
 */
export type OrderChangeRefusal = 'missing' | 'final' | 'stale';

/**
 * Why a progress tap or a delay was refused, besides the common ones: an external platform's order,
 * no step further that way, an order already out or closed (not delayed).
 */
export type ProgressRefusal = OrderChangeRefusal | 'external' | 'end' | 'not_delayable';

/** An edit of a placed order's details and lines. */
export interface OrderEdit {
  draft: OrderDraft;
  /** the version the edit was made from: another one is a stale edit */
  basedOnVersion: number;
  /** the status after the edit, from the current one */
  nextStatus: (current: OrderStatus) => OrderStatus;
}

/** A change of a placed order's status (printing, cancelling…) or delivered flag. */
export type OrderStateChange = { status: OrderStatus } | { delivered: 0 | 1 };

/** The order writes of one transaction (see OrderWriter.write). */
export interface OrderWrites {
  /** the transaction, for the rows that go with the change (a new client, the request's key) */
  readonly tx: Db;
  /** A new order (see NewOrderOptions); without a capacity or an address it is always written. */
  insert(draft: OrderDraft, options: NewOrderOptions & { capacity?: undefined; address?: undefined }): Promise<InsertedOrder>;
  insert(draft: OrderDraft, options: NewOrderOptions): Promise<InsertedOrder | typeof SLOT_FULL | typeof NOT_OWN_ADDRESS>;
  /** Rewrites a live order from an edit of its current version; its number changes only with its day. */
  replace(id: number, edit: OrderEdit): Promise<OrderChangeRefusal | null>;
  /** Sets a live order's status or delivered flag; cancelling frees its slot load. */
  changeState(id: number, change: OrderStateChange): Promise<OrderChangeRefusal | null>;
  /** Moves a live order one step of its progress, forward or back (order-progress.ts). */
  progress(id: number, direction: ProgressDirection): Promise<ProgressRefusal | null>;
  /** Adds minutes to a live order's promised time, before it is out; its slot load stays. */
  delay(id: number, minutes: number): Promise<ProgressRefusal | null>;
}

export interface OrderWriter {
  /**
   * A customer's order from checkout, in a transaction of its own: the slot must have room, a saved
   * address must be theirs (else nothing is written), a typed one is remembered, the mail is queued.
   */
  place(
    draft: OrderDraft,
    options: NewOrderOptions & { capacity: number },
  ): Promise<InsertedOrder | typeof SLOT_FULL | typeof NOT_OWN_ADDRESS>;
  /**
   * Runs `change` in one transaction. Every order it changes gets its event, written as the
   * transaction's last rows, and the streams hear of them once it commits; a throw rolls it all back,
   * events included. On PostgreSQL a transaction aborted by a deadlock runs again whole (see
   * server/db/transaction.ts): `change` may run more than once, so it only writes through `orders`.
   * `operation` names it in the log of such retries.
   */
  write<T>(operation: string, change: (orders: OrderWrites) => Promise<T>): Promise<T>;
}
