import pg from 'pg';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder } from 'kysely';
import { ORDER_STATUS, slotOf } from '../../src/domain';
import { bumpCatalogueVersion } from '../ecommerce/catalog';
import { addSlotLoad } from '../orders/order-rules';
import { CUSTOMER_KINDS, customerKey, type Row } from '../reports/customer-key';
import type { Db, DialectName } from './database';

type Table = CreateTableBuilder<string, never>;

/**
 * `changesCatalogue`: the migration changes rows the catalogue snapshot holds (products, categories,
 * doughs, zones, settings): the runner makes the catalogue version grow in its transaction, so open
 * clients and every process's cache see the change, as after a back-office save.
 */
type AppMigration = Migration & { changesCatalogue?: true };

function withCatalogueBump(migration: AppMigration): Migration {
  if (!migration.changesCatalogue) return migration;
  return {
    async up(db: Kysely<unknown>) {
      await migration.up(db);
      await bumpCatalogueVersion(db as unknown as Db);
    },
  };
}

/** Same tables on both engines; only the auto-increment key is spelled differently. */
function withId(table: Table, dialect: DialectName): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function initial(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(db.schema.createTable(name) as unknown as Table, dialect);

      await create('users')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('role_name', 'varchar(20)', (c) => c.notNull().defaultTo('customer'))
        .addColumn('email_verified_at', 'varchar(40)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await create('api_tokens')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await create('user_tokens')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(40)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('additions_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await create('products')
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image_url', 'varchar(255)')
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_upsell', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_variants', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('note', 'text')
        .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('products_category_idx').on('products').column('category_id').execute();

      await create('variants')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('price_modifier_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('product_variants')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('product_variants_pk', ['product_id', 'variant_id'])
        .execute();

      await create('zones')
        .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await create('discount_codes')
        .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('min_order_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery', 'varchar(10)')
        .addColumn('label', 'varchar(150)', (c) => c.notNull())
        .addColumn('valid_from', 'varchar(10)')
        .addColumn('valid_until', 'varchar(10)')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await create('addresses')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('zone_id', 'integer', (c) => c.references('zones.id').onDelete('set null'))
        .addColumn('address', 'varchar(255)')
        .addColumn('telephone', 'varchar(30)', (c) => c.notNull())
        .addColumn('delivery', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();

      await create('clients')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('address', 'varchar(255)')
        .addColumn('telephone', 'varchar(30)')
        .addColumn('zone_id', 'integer', (c) => c.references('zones.id').onDelete('set null'))
        .addColumn('cap', 'varchar(10)')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await create('orders')
        .addColumn('order_num', 'integer', (c) => c.notNull())
        .addColumn('delivery_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('delivery_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery', 'varchar(10)', (c) => c.notNull())
        .addColumn('payment_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('nome_citofono', 'varchar(100)')
        .addColumn('address', 'varchar(255)')
        .addColumn('telephone', 'varchar(30)')
        .addColumn('zone_id', 'integer', (c) => c.references('zones.id').onDelete('set null'))
        .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'text')
        .addColumn('discount_code', 'varchar(50)')
        .addColumn('original_price_cents', 'integer', (c) => c.notNull())
        .addColumn('total_price_cents', 'integer', (c) => c.notNull())
        .addColumn('idempotency_key', 'varchar(150)', (c) => c.unique())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .addUniqueConstraint('orders_day_num_unique', ['delivery_date', 'order_num'])
        .execute();
      await db.schema.createIndex('orders_day_time_idx').on('orders').columns(['delivery_date', 'delivery_time']).execute();
      await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();

      await create('order_lines')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('category_id', 'integer')
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('base_price_cents', 'integer', (c) => c.notNull())
        .addColumn('variant_id', 'integer')
        .addColumn('variant_name', 'varchar(100)')
        .addColumn('variant_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'varchar(200)')
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('line_total_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

      await create('order_line_additions')
        .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_line_additions_line_idx').on('order_line_additions').column('order_line_id').execute();

      await db.schema
        .createTable('order_counters')
        .addColumn('delivery_date', 'varchar(10)', (c) => c.primaryKey())
        .addColumn('last_num', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('slot_locks')
        .addColumn('delivery_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('delivery_time', 'varchar(5)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('slot_locks_pk', ['delivery_date', 'delivery_time'])
        .execute();

      await create('blog_posts')
        .addColumn('slug', 'varchar(200)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('image_url', 'varchar(255)')
        .addColumn('published_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('blog_posts_published_idx').on('blog_posts').column('published_at').execute();

      await db.schema
        .createTable('meta')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** The oven load of each slot, kept beside its lock row: checkout reads one row, not the whole day. */
const slotLoad: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('slot_locks')
      .addColumn('oven_items', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const tx = db as unknown as Db;
    const lines = await tx
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['orders.delivery_date', 'orders.delivery_time', 'order_lines.category_id', 'order_lines.qty'])
      .where('orders.status', '!=', ORDER_STATUS.cancelled)
      .execute();
    const load = new Map<string, number>();
    for (const line of lines) {
      const key = `${line.delivery_date} ${slotOf(line.delivery_time)}`;
      load.set(key, (load.get(key) ?? 0) + (legacyOvenGroup(line.category_id) ? line.qty : 0));
    }
    for (const [key, items] of load) {
      const [date = '', time = ''] = key.split(' ');
      await addSlotLoad(tx, date, time, items);
    }
  },
};

function mailQueue(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('mail_queue') as unknown as Table, dialect)
        .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('sent_at', 'varchar(40)')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['sent_at', 'next_attempt_at']).execute();
    },
  };
}

/** Each order's edit count, so that two cash desks cannot overwrite each other's edit. */
const orderVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * The back office (issue 17): the records it edits carry a version (a save based on an older one is
 * refused), every change leaves an audit row, discount codes are edited, products can be archived (once ordered) or sold out
 * for a day, and special days (holidays, short days) beat the weekly hours.
 */
function backOffice(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['categories', 'products', 'variants', 'discount_codes']) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('products').addColumn('archived_at', 'varchar(40)').execute();
      // The shop-local day a product is sold out on: the next day it is back by itself.
      await db.schema.alterTable('products').addColumn('sold_out_on', 'varchar(10)').execute();

      await withId(db.schema.createTable('special_days') as unknown as Table, dialect)
        .addColumn('date_from', 'varchar(10)', (c) => c.notNull())
        .addColumn('date_until', 'varchar(10)', (c) => c.notNull())
        .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('first_slot', 'varchar(5)')
        .addColumn('last_slot', 'varchar(5)')
        .addColumn('message', 'varchar(300)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('special_days_until_idx').on('special_days').column('date_until').execute();

      await withId(db.schema.createTable('audit_log') as unknown as Table, dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('at', 'varchar(40)', (c) => c.notNull())
        .addColumn('entity', 'varchar(30)', (c) => c.notNull())
        .addColumn('entity_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(20)', (c) => c.notNull())
        .addColumn('label', 'varchar(200)', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
    },
  };
}

/**
 * Settings edited as one form carry a version, like the back office's rows; the weekly hours move
 * from one opening time, last slot and closed weekdays to lunch and dinner per weekday.
 */
const settingGroups: AppMigration = {
  changesCatalogue: true,
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('setting_groups')
      .addColumn('id', 'varchar(30)', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const kdb = db as unknown as Kysely<{ settings: { key: string; value: string }; setting_groups: { id: string; version: number } }>;
    await kdb
      .insertInto('setting_groups')
      .values(['hours', 'online_ordering', 'texts'].map((id) => ({ id, version: 0 })))
      .execute();
    const old = Object.fromEntries(
      (
        await kdb.selectFrom('settings').selectAll().where('key', 'in', ['opening_time', 'last_slot_time', 'closed_weekdays']).execute()
      ).map((row) => [row.key, row.value]),
    );
    if (Object.keys(old).length === 0) return;
    const closed = (old.closed_weekdays ?? '').split(',').filter(Boolean).map(Number);
    const dinner = { first: old.opening_time ?? '18:00', last: old.last_slot_time ?? '22:00' };
    const week = Array.from({ length: 7 }, (_, weekday) => ({ lunch: null, dinner: closed.includes(weekday) ? null : dinner }));
    await kdb
      .insertInto('settings')
      .values({ key: 'weekly_hours', value: JSON.stringify(week) })
      .execute();
    await kdb.deleteFrom('settings').where('key', 'in', ['opening_time', 'last_slot_time', 'closed_weekdays']).execute();
  },
};

/** News edited in the back office: drafts customers never see, and a version per post. */
const newsDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('blog_posts')
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('blog_posts')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/** Staff accounts the back office disables (never deletes: orders and the register name them). */
const staffAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(40)').execute();
    await db.schema
      .alterTable('users')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/** Zones the back office deactivates (kept for the orders, addresses and clients that name them). */
const zoneSwitch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('zones')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('zones')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/** The category ids the oven counted before categories named their group (migrations 0002 and 0010). */
const LEGACY_OVEN_GROUPS: Record<string, readonly number[]> = {
  pizze: [1, 2, 3, 4, 13, 14],
  compositions: [10],
  calzoni: [5, 11, 12],
};
const legacyOvenGroup = (categoryId: number | null): string | null =>
  Object.entries(LEGACY_OVEN_GROUPS).find(([, ids]) => categoryId !== null && ids.includes(categoryId))?.[0] ?? null;

/**
 * Categories name the group the kitchen counts them by (issue 17), instead of ids fixed in code; each
 * order line keeps the group it was written with, so a later change moves no slot load.
 */
const categoryGroups: AppMigration = {
  changesCatalogue: true,
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('categories').addColumn('oven_group', 'varchar(20)').execute();
    await db.schema.alterTable('order_lines').addColumn('oven_group', 'varchar(20)').execute();
    const kdb = db as unknown as Db;
    for (const [group, ids] of Object.entries(LEGACY_OVEN_GROUPS)) {
      await kdb
        .updateTable('categories')
        .set({ oven_group: group })
        .where('id', 'in', [...ids])
        .execute();
      await kdb
        .updateTable('order_lines')
        .set({ oven_group: group })
        .where('category_id', 'in', [...ids])
        .execute();
    }
  },
};

/**
 * Zone fees (issue 17): each delivery zone's fee and minimum order, 0 by default so the seed's
 * delivery stays free; an order keeps the fee it was charged, whatever the zone's later.
 */
const zoneFees: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['fee_cents', 'min_order_cents']) {
      await db.schema
        .alterTable('zones')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
    await db.schema
      .alterTable('orders')
      .addColumn('delivery_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * Order events (issue 18, the cassa's live stream): one row per change of an order, written in the
 * change's transaction; the stream's SSE ids are their ids. Kept a day (pruned by `at`).
 */
function orderEventsLive(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('order_events') as unknown as Table, dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('delivery_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_events_at').on('order_events').column('at').execute();
    },
  };
}

/**
 * The cassa's offline outbox resends an edit, a status or a delivered change with the key it was
 * first sent with: the key, stored in the change's transaction, makes the resend answer without
 * applying it twice.
 */
const cassaOfflineRequestKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cassa_request_keys')
      .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
  },
};

/**
 * The login and mail limits' counts, shared by every process on the database: rate-limiter-flexible's
 * own table shape (key, points, expire in epoch ms), created here so the library never runs DDL.
 */
const loginLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
    await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
  },
};

/**
 * Security review (issue 27): an Idempotency-Key is stored with the fingerprint of the request it
 * answered, so the same key with another operation, order or body is refused, never replayed.
 */
const idempotencyFingerprints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('idempotency_fingerprint', 'varchar(64)').execute();
    await db.schema.alterTable('cassa_request_keys').addColumn('fingerprint', 'varchar(64)').execute();
  },
};

/**
 * A mail's claim by the worker sending it, on the real clock and renewed while it sends (it was the
 * retry time pushed 5 minutes on the shop's clock: late after a crash, and never with a frozen one).
 */
const mailClaims: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mail_queue').addColumn('claimed_until', 'varchar(40)').execute();
  },
};

/**
 * Allergens (issue 29): what products, doughs and additions contain and may contain by cross-contact,
 * as comma-separated codes (codes.ts); products' diet marks, frozen flag and base dough; doughs that
 * are bases; the order's allergy note; and each order line's allergens as sold.
 */
const allergens: Migration = {
  async up(db: Kysely<unknown>) {
    const addText = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
    for (const table of ['products', 'variants', 'order_lines']) {
      await addText(table, 'allergens');
      await addText(table, 'may_contain');
    }
    await addText('products', 'diet');
    await db.schema
      .alterTable('products')
      .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('base_dough_id', 'integer', (c) => c.references('variants.id'))
      .execute();
    await db.schema
      .alterTable('variants')
      .addColumn('base', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('allergy_note', 'varchar(200)').execute();
  },
};

/**
 * Order tracking (issue 30): the customer's link is a random token whose sha-256 is stored (valid
 * until 7 days after the order's delivery day, read from the order); the cassa's tap sends an order
 * out (or makes it ready), its delay moves the promised time, and the last delay mail is remembered
 * so a customer gets at most one every 10 minutes.
 */
const orderTracking: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('dispatched_at', 'varchar(40)').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('delay_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('delay_mailed_at', 'varchar(40)').execute();
    await db.schema
      .createTable('order_tracking')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .execute();
    // Not unique: the account mints a new link for an order whose e-mailed one keeps working.
    await db.schema.createIndex('order_tracking_order_id').on('order_tracking').column('order_id').execute();
  },
};

/**
 * Staff roles (issue 32): 'owner' (Titolare) or 'cashier' (Cassa) for each staff account, null for
 * customers. Every existing staff account becomes an owner: a shop upgrading keeps its owner in.
 */
const staffRoles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('staff_role', 'varchar(10)').execute();
    await (db as unknown as Db).updateTable('users').set({ staff_role: 'owner' }).where('role_name', '=', 'admin').execute();
  },
};

/**
 * The owner's reports (issue 32) read a period's orders, lines and additions: indexes holding every
 * column they sum, so a month is read from the indexes alone, in shop-day order; and each shop day's
 * figures, summed once and kept while the day's orders stay as they were.
 */
const reports: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_report_idx')
      .on('orders')
      .columns([
        'delivery_date',
        'status',
        'delivery_time',
        'source_id',
        'delivery',
        'zone_id',
        'payment_type',
        'discount_code',
        'total_price_cents',
        'original_price_cents',
        'delivery_fee_cents',
        'user_id',
        'client_id',
        'version',
        'updated_at',
        'id',
      ])
      .execute();
    // A shop day's figures, kept while the fingerprint of its orders stays the same (server/reports/day-summaries.ts).
    await db.schema
      .createTable('report_days')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_lines_report_idx')
      .on('order_lines')
      .columns([
        'order_id',
        'product_id',
        'category_id',
        'variant_id',
        'qty',
        'line_total_cents',
        'variant_price_cents',
        'name',
        'variant_name',
        'id',
      ])
      .execute();
    await db.schema
      .createIndex('order_line_additions_report_idx')
      .on('order_line_additions')
      .columns(['order_line_id', 'product_id', 'name', 'price_cents'])
      .execute();
    // A customer's first order: by account, or by cassa client for orders without one.
    await db.schema.createIndex('orders_user_first_idx').on('orders').columns(['user_id', 'status', 'delivery_date']).execute();
    await db.schema
      .createIndex('orders_client_first_idx')
      .on('orders')
      .columns(['client_id', 'user_id', 'status', 'delivery_date'])
      .execute();
  },
};

/**
 * Two facts of the orders the reports read, kept in the transaction of every insert, update or delete of
 * an order (on PostgreSQL at its commit), by whichever writer, foreign-key actions included (database triggers, so no writer can forget
 * them): each shop day's version, bumped by every change to one of its orders (a moved order bumps both
 * days), which the kept day sums are checked against (server/reports/day-summaries.ts); and each
 * customer's first day with an order that counts (not cancelled; null when none), which makes them new
 * or returning in a period without reading their history.
 */
type CustomerKind = (typeof CUSTOMER_KINDS)[number];

function orderFacts(dialect: DialectName): Migration {
  const bump = (row: Row) =>
    `insert into order_days (day, version) values (${row}.delivery_date, 1)
       on conflict (day) do update set version = order_days.version + 1;`;
  const firstDay = (kind: CustomerKind, row: Row) =>
    `(select min(delivery_date) from orders where status <> ${ORDER_STATUS.cancelled} and ${kind.orders(row)})`;
  // A customer's first day moves when an order changes customer, day or whether it counts.
  const customerMoves = `old.user_id is distinct from new.user_id or old.client_id is distinct from new.client_id
    or old.delivery_date <> new.delivery_date or (old.status = ${ORDER_STATUS.cancelled}) <> (new.status = ${ORDER_STATUS.cancelled})`;
  // PostgreSQL: the customer's row locked before reading the orders, so two transactions changing
  // the same customer's orders take turns and the second reads the first's (READ COMMITTED).
  const pgRefresh = (row: Row) =>
    CUSTOMER_KINDS.map(
      (kind) => `
    if ${kind.of(row)} then
      insert into customer_first_days (customer) values (${kind.key(row)}) on conflict (customer) do nothing;
      perform 1 from customer_first_days where customer = ${kind.key(row)} for update;
      update customer_first_days set first_day = ${firstDay(kind, row)} where customer = ${kind.key(row)};
    end if;`,
    ).join('');
  // SQLite: one writer at a time.
  const sqliteRefresh = (row: Row) =>
    CUSTOMER_KINDS.map(
      (kind) =>
        `insert into customer_first_days (customer, first_day) select ${kind.key(row)}, ${firstDay(kind, row)} where ${kind.of(row)}
           on conflict (customer) do update set first_day = excluded.first_day;`,
    ).join(' ');
  const triggers =
    dialect === 'postgres'
      ? [
          `create function orders_facts() returns trigger language plpgsql as $$
           begin
             if tg_op = 'INSERT' then
               ${bump('new')} ${pgRefresh('new')}
             elsif tg_op = 'DELETE' then
               ${bump('old')} ${pgRefresh('old')}
             else
               ${bump('old')}
               if new.delivery_date <> old.delivery_date then ${bump('new')} end if;
               if ${customerMoves} then ${pgRefresh('old')} ${pgRefresh('new')} end if;
             end if;
             return null;
           end $$`,
          // At commit, after the transaction's other writes: an order write takes the day's and the customer's
          // rows after the event lock (order-writer.postgres.ts) as every other order write does, never before.
          `create constraint trigger orders_facts after insert or update or delete on orders
           deferrable initially deferred for each row execute function orders_facts()`,
        ]
      : [
          `create trigger orders_facts_inserted after insert on orders begin ${bump('new')} ${sqliteRefresh('new')} end`,
          `create trigger orders_facts_updated after update on orders begin ${bump('old')}
             insert into order_days (day, version) select new.delivery_date, 1 where new.delivery_date <> old.delivery_date
               on conflict (day) do update set version = order_days.version + 1;
           end`,
          `create trigger orders_facts_customer after update on orders when ${customerMoves}
           begin ${sqliteRefresh('old')} ${sqliteRefresh('new')} end`,
          `create trigger orders_facts_deleted after delete on orders begin ${bump('old')} ${sqliteRefresh('old')} end`,
        ];
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_days')
        .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('customer_first_days')
        .addColumn('customer', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('first_day', 'varchar(10)')
        .execute();
      await db.schema.createIndex('customer_first_days_day').on('customer_first_days').column('first_day').execute();
      await sql`insert into order_days (day, version) select delivery_date, 1 from orders group by delivery_date`.execute(db);
      const customer = sql.raw(customerKey('orders'));
      await sql`insert into customer_first_days (customer, first_day)
        select ${customer}, min(case when status <> ${ORDER_STATUS.cancelled} then delivery_date end) from orders
        where user_id is not null or client_id is not null group by ${customer}`.execute(db);
      for (const statement of triggers) await sql.raw(statement).execute(db);
    },
  };
}

/**
 * Kitchen printers (issue 33): each printer's settings (versioned like the back office's rows), its
 * one-time pairing code and the agents' tokens (both stored as sha-256), its print queue (one job per
 * ticket to print, leased by an agent; claimed oldest first per printer) and the state its agent last
 * reported.
 */
function printers(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(db.schema.createTable(name) as unknown as Table, dialect);
      await create('printers')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('paper_width_mm', 'integer', (c) => c.notNull())
        .addColumn('copies', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('auto_print', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pairing_code_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await create('printer_tokens')
        .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      // No foreign key to printers: a deleted printer's jobs stay, cancelled, beside their orders.
      await create('print_jobs')
        .addColumn('printer_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(10)', (c) => c.notNull())
        .addColumn('reprint', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_token_id', 'integer')
        .addColumn('lease_until', 'varchar(40)')
        .addColumn('sending_at', 'varchar(40)')
        .addColumn('possible_double', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('done_at', 'varchar(40)')
        .execute();
      await db.schema.createIndex('print_jobs_claim').on('print_jobs').columns(['printer_id', 'state', 'id']).execute();
      await db.schema.createIndex('print_jobs_order').on('print_jobs').column('order_id').execute();
      await db.schema
        .createTable('printer_status')
        .addColumn('printer_id', 'integer', (c) => c.primaryKey().references('printers.id').onDelete('cascade'))
        .addColumn('reachable', 'integer', (c) => c.notNull())
        .addColumn('paper', 'varchar(10)', (c) => c.notNull())
        .addColumn('detail', 'varchar(255)')
        .addColumn('since', 'varchar(40)', (c) => c.notNull())
        .addColumn('reported_at', 'varchar(40)', (c) => c.notNull())
        .execute();
    },
  };
}

class InlineMigrations implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, AppMigration> = {
      '2026_11_22_0001_initial': initial(this.dialect),
      '2026_11_30_0002_slot_load': slotLoad,
      '2026_11_30_0003_mail_queue': mailQueue(this.dialect),
      '2026_12_01_0004_order_version': orderVersion,
      '2026_12_02_0005_back_office': backOffice(this.dialect),
      '2026_12_03_0006_setting_groups': settingGroups,
      '2026_12_03_0007_news_drafts': newsDrafts,
      '2026_12_04_0008_staff_accounts': staffAccounts,
      '2026_12_04_0009_zone_switch': zoneSwitch,
      '2026_12_05_0010_category_groups': categoryGroups,
      '2026_12_06_0011_zone_fees': zoneFees,
      '2026_12_07_0012_order_events_live': orderEventsLive(this.dialect),
      '2026_12_07_0013_cassa_offline_request_keys': cassaOfflineRequestKeys,
      '2026_12_08_0014_login_limits_shared': loginLimits,
      '2026_12_09_0015_idempotency_fingerprints': idempotencyFingerprints,
      '2026_12_09_0016_mail_claims': mailClaims,
      '2026_12_10_0017_allergens': allergens,
      '2026_12_11_0018_order_tracking': orderTracking,
      '2026_12_12_0019_staff_roles': staffRoles,
      '2026_12_13_0020_printers': printers(this.dialect),
      '2026_12_14_0021_reports': reports,
      '2026_12_15_0022_order_facts': orderFacts(this.dialect),
    };
    return Object.fromEntries(Object.entries(migrations).map(([name, migration]) => [name, withCatalogueBump(migration)]));
  }
}

/** Migrates to the latest version, or up to `target` (a migration's name: tests of an upgrade). */
export async function migrate(db: Db, dialect: DialectName, target?: string): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider: new InlineMigrations(dialect) });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** The start-up lock's key: one 64-bit number shared by every process of this app (PostgreSQL advisory locks). */
const STARTUP_LOCK_KEY = '7239411901';

/**
 * Takes the start-up lock for a process's start-up writes (migrations, the seed, the first staff
 * account) until `release()`: a PostgreSQL session advisory lock, held by a connection of its own, so
 * processes starting together take turns and those that waited find everything done. A process that
 * dies holding it releases it with its connection. `onWait` is told when another process holds it.
 * SQLite is one file on one host, started by one command: no lock.
 */
export async function takeStartupLock(postgresUrl: string | undefined, onWait?: () => void): Promise<{ release(): Promise<void> }> {
  if (!postgresUrl) return { release: async () => {} };
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY]);
  if (!rows[0]!.locked) {
    onWait?.();
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
  }
  // Ending the session releases its advisory locks.
  return { release: () => client.end() };
}
