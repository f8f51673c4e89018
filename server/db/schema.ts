import type { Generated, Insertable, Selectable } from 'kysely';
import type { StaffRole } from '../../src/domain';

/** Booleans are stored as 0/1 and money as integer cents, the same on SQLite and PostgreSQL. */
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role_name: 'admin' | 'customer';
  email_verified_at: string | null;
  created_at: string;
  /** set when the back office disabled the account: no login, no session */
  disabled_at: Generated<string | null>;
  version: Generated<number>;
  /** staff only: what they may open ('owner' everything, 'cashier' the cassa); null for customers */
  staff_role: Generated<StaffRole | null>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** Single-use links sent by e-mail: address verification and password reset. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: number;
  name: string;
  sorting: number;
  visible: Flag;
  additions_enabled: Flag;
  /** what the kitchen counts it as: 'pizze', 'compositions', 'calzoni', or null (no oven) */
  oven_group: string | null;
  version: Generated<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string;
  image_url: string | null;
  price_cents: number;
  visible: Flag;
  is_upsell: Flag;
  allow_variants: number;
  note: string | null;
  sorting: number;
  /** a product once ordered is archived, never deleted */
  archived_at: Generated<string | null>;
  /** shop-local date it is sold out on; any other day it is back */
  sold_out_on: Generated<string | null>;
  version: Generated<number>;
  /** its own allergen codes, comma-separated in the Annex's order (codes.ts); made on a dough: its toppings only */
  allergens: Generated<string>;
  may_contain: Generated<string>;
  /** diet mark codes, comma-separated */
  diet: Generated<string>;
  /** an ingredient frozen at origin */
  frozen: Generated<Flag>;
  /** the base dough it is made on when no other is chosen; null: not made on a dough */
  base_dough_id: Generated<number | null>;
}

export interface VariantsTable {
  id: Generated<number>;
  name: string;
  price_modifier_cents: number;
  sorting: number;
  version: Generated<number>;
  allergens: Generated<string>;
  may_contain: Generated<string>;
  /** 1: a base dough ('Impasto classico'), what products are made on; never offered as a choice */
  base: Generated<Flag>;
}

export interface ProductVariantsTable {
  product_id: number;
  variant_id: number;
}

export interface ZonesTable {
  id: Generated<number>;
  name: string;
  /** 0: no longer offered to customers or the cassa; kept for what names it */
  active: Generated<number>;
  version: Generated<number>;
  /** charged on every home delivery to the zone, its own line of the order */
  fee_cents: Generated<number>;
  /** goods (before any discount) a customer's delivery order must reach; the cassa may go under it */
  min_order_cents: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  min_order_cents: number;
  delivery: 'consegna' | 'ritiro' | null;
  label: string;
  valid_from: string | null;
  valid_until: string | null;
  active: Flag;
  version: Generated<number>;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  zone_id: number | null;
  address: string | null;
  telephone: string;
  delivery: 'consegna' | 'ritiro';
  created_at: string;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  address: string | null;
  telephone: string | null;
  zone_id: number | null;
  cap: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  order_num: number;
  delivery_date: string;
  delivery_time: string;
  source_id: number;
  status: number;
  delivered: Flag;
  delivery: 'consegna' | 'ritiro';
  payment_type: 'Contanti' | 'Carta di credito';
  name: string;
  nome_citofono: string | null;
  address: string | null;
  telephone: string | null;
  zone_id: number | null;
  client_id: number | null;
  user_id: number | null;
  note: string | null;
  /** 'Allergie o intolleranze': printed first on the kitchen ticket */
  allergy_note: Generated<string | null>;
  discount_code: string | null;
  /** goods before discount plus the delivery fee */
  original_price_cents: number;
  /** what the customer pays: goods after discount plus the delivery fee */
  total_price_cents: number;
  /** the zone's fee when the order was priced (home delivery only): kept whatever the zone's later */
  delivery_fee_cents: Generated<number>;
  /** "<user id>:<key>" so that two customers' keys never collide */
  idempotency_key: string | null;
  /** what the keyed request asked (idempotency.ts): the same key with another request is refused */
  idempotency_fingerprint: string | null;
  created_at: string;
  updated_at: string;
  /** grows by one with every edit of details or lines: an edit based on an older one is refused */
  version: Generated<number>;
  /** when the cassa sent the order out ('In consegna') or made it ready ('Pronto per il ritiro') */
  dispatched_at: string | null;
  /** minutes the cassa's 'Ritardo' added to the promised time (the slot load keeps the original slot) */
  delay_minutes: Generated<number>;
  /** when the customer was last told of a delay: one mail per order every 10 minutes at most */
  delay_mailed_at: string | null;
}

/** A tracking link's token, stored as its sha-256 (hex): the link itself is never stored. */
export interface OrderTrackingTable {
  token_hash: string;
  order_id: number;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  /** null when the product left the catalogue or came from an external platform unmatched */
  product_id: number | null;
  category_id: number | null;
  /** the category's group when the order was written: slot load and cassa counts keep it */
  oven_group: string | null;
  name: string;
  qty: number;
  base_price_cents: number;
  variant_id: number | null;
  variant_name: string | null;
  variant_price_cents: number;
  note: string | null;
  unit_price_cents: number;
  line_total_cents: number;
  /** the line's allergen codes when it was sold (codes.ts): kept whatever the menu's later */
  allergens: Generated<string>;
  may_contain: Generated<string>;
}

export interface OrderLineAdditionsTable {
  id: Generated<number>;
  order_line_id: number;
  product_id: number | null;
  name: string;
  price_cents: number;
}

/** Per-day order number sequence. */
export interface OrderCountersTable {
  delivery_date: string;
  last_num: number;
}

/** One row per (day, slot): updating it serialises the capacity check of that slot. */
export interface SlotLocksTable {
  delivery_date: string;
  delivery_time: string;
  version: number;
  /** oven items booked in this 15-minute slot by orders that are not cancelled */
  oven_items: number;
}

/** Outgoing mail, written with the change it tells about; `sent_at` is set once it went out. */
export interface MailQueueTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  next_attempt_at: string;
  /** until when (real clock) a worker holds it while sending; null: nobody */
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  content: string;
  image_url: string | null;
  /** when it was (or, for a draft, will be listed as) published */
  published_at: string;
  /** 0: a draft only the back office sees */
  published: Generated<number>;
  version: Generated<number>;
}

/** A date or a range with hours of its own: closed, or one service window. Beats the weekly hours. */
export interface SpecialDaysTable {
  id: Generated<number>;
  date_from: string;
  date_until: string;
  closed: Flag;
  /** the day's first and last slot when it is open ('HH:MM' on the 15-minute grid) */
  first_slot: string | null;
  last_slot: string | null;
  /** told to customers with the closed banner */
  message: string | null;
  version: Generated<number>;
  created_at: string;
}

/** One row per change made in the back office, written in the change's own transaction. */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  at: string;
  /** what kind of record: 'product', 'category', 'zone', 'setting', … */
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete' | 'archive';
  /** the record's name when the change was made, for the register */
  label: string;
  /** JSON of the changed fields before and after (null for a create or a delete) */
  before: string | null;
  after: string | null;
}

/** Server-only values (the XSRF signing key); never served. */
/** Settings edited together in one form ('hours', 'online_ordering', 'texts'), versioned like a row. */
export interface SettingGroupsTable {
  id: string;
  version: number;
}

/** A cassa edit, status or delivered change's Idempotency-Key (staff-scoped): a resend answers without applying it again. */
export interface CassaRequestKeysTable {
  key: string;
  order_id: number;
  /** what the keyed request asked (idempotency.ts); null for keys stored before it was kept */
  fingerprint: string | null;
  created_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** One change of an order, written in its transaction; the cassa's live stream sends its id. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  kind: 'created' | 'updated' | 'status' | 'delivered' | 'printed' | 'progress' | 'delayed';
  delivery_date: string;
  at: string;
}

/** A count of rate-limiter-flexible's (the login and mail limits): `expire` in epoch ms, the key hashed. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

/** A kitchen printer ('Stampanti'): its agent pairs with the one-time code, whose sha-256 is kept until used. */
export interface PrintersTable {
  id: Generated<number>;
  name: string;
  paper_width_mm: 58 | 80;
  copies: number;
  auto_print: Flag;
  pairing_code_hash: string | null;
  version: Generated<number>;
  created_at: string;
}

/** A print agent's token (its sha-256): it reads and acknowledges its printer's jobs, nothing else. */
export interface PrinterTokensTable {
  id: Generated<number>;
  printer_id: number;
  token_hash: string;
  created_at: string;
}

export type PrintJobState = 'waiting' | 'leased' | 'done' | 'cancelled';

/** One ticket to print on one printer, leased to an agent until `lease_until`. */
export interface PrintJobsTable {
  id: Generated<number>;
  printer_id: number;
  order_id: number;
  state: PrintJobState;
  /** asked again at the cassa ('Ristampa'): a deliberate reprint */
  reprint: Generated<Flag>;
  lease_token_id: number | null;
  lease_until: string | null;
  /** the current lease's agent said it was writing to the printer */
  sending_at: string | null;
  /** a lease was lost after its agent said `sending`: the ticket may have printed already */
  possible_double: Generated<Flag>;
  attempts: Generated<number>;
  created_at: string;
  done_at: string | null;
}

/** What a printer's agent last reported; `since` is when the current reachable state began. */
export interface PrinterStatusTable {
  printer_id: number;
  reachable: Flag;
  paper: 'ok' | 'near_end' | 'out' | 'unknown';
  detail: string | null;
  since: string;
  reported_at: string;
}

/** A shop day's report figures (JSON), valid while its orders' fingerprint is `fingerprint`. */
export interface ReportDaysTable {
  day: string;
  fingerprint: string;
  figures: string;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  user_tokens: UserTokensTable;
  categories: CategoriesTable;
  products: ProductsTable;
  variants: VariantsTable;
  product_variants: ProductVariantsTable;
  zones: ZonesTable;
  settings: SettingsTable;
  setting_groups: SettingGroupsTable;
  discount_codes: DiscountCodesTable;
  addresses: AddressesTable;
  clients: ClientsTable;
  orders: OrdersTable;
  order_tracking: OrderTrackingTable;
  order_lines: OrderLinesTable;
  order_line_additions: OrderLineAdditionsTable;
  order_counters: OrderCountersTable;
  slot_locks: SlotLocksTable;
  order_events: OrderEventsTable;
  mail_queue: MailQueueTable;
  blog_posts: BlogPostsTable;
  special_days: SpecialDaysTable;
  audit_log: AuditLogTable;
  meta: MetaTable;
  cassa_request_keys: CassaRequestKeysTable;
  rate_limits: RateLimitsTable;
  printers: PrintersTable;
  printer_tokens: PrinterTokensTable;
  print_jobs: PrintJobsTable;
  printer_status: PrinterStatusTable;
  report_days: ReportDaysTable;
  /** A shop day's version, bumped in the transaction of every change to its orders (migration 0022's trigger). */
  order_days: { day: string; version: number };
  /** A customer's first day with an order that counts, null when none (the same trigger; reports/customer-key.ts). */
  customer_first_days: { customer: string; first_day: string | null };
}

export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type ClientRow = Selectable<ClientsTable>;
