import type { Insertable } from 'kysely';
import { DIET_MARKS, ORDER_SOURCE, ORDER_STATUS, ovenGroupOf, ovenItemCount, shopLocalTime } from '../../src/domain';
import { allergenColumns, codesText } from './codes';
import { bumpCatalogueVersion } from '../ecommerce/catalog';
import { addSlotLoad } from '../orders/order-rules';
import type { Clock } from '../clock';
import type { Db } from './database';
import { seedData } from './seed-data';
import type { SeedData } from './seed-types';
import type { OrderLinesTable } from './schema';

const flag = (value: boolean) => (value ? 1 : 0);

export async function isSeeded(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').limit(1).executeTakeFirst());
}

/** Fills an empty database with the demo pizzeria: menu, zones, settings, posts, codes and phone clients. */
export async function seedCatalog(db: Db, clock: Clock, data: SeedData = seedData): Promise<void> {
  const now = clock.now().toISOString();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('settings')
      .values(Object.entries(data.settings).map(([key, value]) => ({ key, value })))
      .execute();
    await tx
      .insertInto('zones')
      .values(data.zones.map((name) => ({ name })))
      .execute();
    await tx
      .insertInto('categories')
      .values(
        data.categories.map((c) => ({
          id: c.id,
          name: c.name,
          sorting: c.sorting,
          visible: flag(c.visible),
          additions_enabled: flag(c.additionsEnabled),
          oven_group: c.group,
        })),
      )
      .execute();
    const variants = await tx
      .insertInto('variants')
      .values(
        data.variants.map((v, i) => ({
          name: v.name,
          price_modifier_cents: v.priceModifierCents,
          sorting: i,
          ...allergenColumns(v),
          base: flag(v.base ?? false),
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const variantId = new Map(variants.map((v) => [v.name, v.id]));
    const idOfVariant = (product: string, name: string) => {
      const id = variantId.get(name);
      if (id === undefined) throw new Error(`Seed product ${product}: unknown variant ${name}`);
      return id;
    };

    for (const [index, p] of data.products.entries()) {
      const product = await tx
        .insertInto('products')
        .values({
          category_id: p.categoryId,
          name: p.name,
          description: p.description,
          image_url: p.imageUrl,
          price_cents: p.priceCents,
          visible: flag(p.visible),
          is_upsell: flag(p.isUpsell),
          allow_variants: p.allowVariants,
          note: p.note,
          sorting: index,
          ...allergenColumns(p),
          diet: codesText(p.diet, DIET_MARKS),
          frozen: flag(p.frozen),
          base_dough_id: p.baseDough === null ? null : idOfVariant(p.name, p.baseDough),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const links = p.variants.map((name) => ({ product_id: product.id, variant_id: idOfVariant(p.name, name) }));
      if (links.length) await tx.insertInto('product_variants').values(links).execute();
    }

    await tx
      .insertInto('blog_posts')
      .values(
        data.posts.map((p) => ({
          slug: p.slug,
          title: p.title,
          description: p.description,
          content: p.content,
          image_url: p.imageUrl,
          published_at: p.publishedAt,
        })),
      )
      .execute();
    await tx
      .insertInto('discount_codes')
      .values(
        data.discounts.map((d) => ({
          code: d.code,
          kind: d.kind,
          amount: d.amount,
          min_order_cents: d.minOrderCents,
          delivery: d.delivery,
          label: d.label,
          valid_from: d.validFrom,
          valid_until: d.validUntil,
          active: flag(d.active),
        })),
      )
      .execute();

    const zones = await tx.selectFrom('zones').select(['id', 'name']).execute();
    const zoneId = new Map(zones.map((z) => [z.name, z.id]));
    if (data.clients.length) {
      await tx
        .insertInto('clients')
        .values(
          data.clients.map((c) => ({
            name: c.name,
            telephone: c.telephone,
            address: c.address,
            zone_id: zoneId.get(c.zone) ?? null,
            cap: c.cap,
            created_at: now,
          })),
        )
        .execute();
    }
    // A process already serving this database (a cluster's first start) drops its empty menu.
    await bumpCatalogueVersion(tx);
  });
}

/**
 * A few of tonight's orders so the demo cassa is not empty: phone, online and one from an external
 * platform whose last item could not be matched to the menu.
 */
export async function seedTonightOrders(db: Db, clock: Clock): Promise<void> {
  const date = shopLocalTime(clock.now()).date;
  const now = clock.now().toISOString();
  const products = await db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select('categories.oven_group')
    .where('category_id', 'in', [1, 5, 7, 13])
    .orderBy('products.id')
    .execute();
  const clients = await db.selectFrom('clients').selectAll().orderBy('id').limit(3).execute();
  if (products.length < 3 || clients.length < 2) return;
  const [first, second, third] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]];

  const orders = [
    {
      time: '19:15',
      source: ORDER_SOURCE.cassa,
      client: clients[0]!,
      payment: 'Contanti' as const,
      lines: [
        [first, 2],
        [second, 1],
      ] as const,
      unmatched: null,
    },
    {
      time: '19:40',
      source: ORDER_SOURCE.cassa,
      client: clients[1]!,
      payment: 'Carta di credito' as const,
      lines: [[third, 3]] as const,
      unmatched: null,
    },
    {
      time: '20:00',
      source: ORDER_SOURCE.external,
      client: null,
      payment: 'Carta di credito' as const,
      lines: [[first, 1]] as const,
      unmatched: 'Poke bowl salmone',
    },
  ];
  await db.transaction().execute(async (tx) => {
    for (const [index, o] of orders.entries()) {
      const lines = o.lines.map(([p, qty]) => ({ p, qty, total: p.price_cents * qty }));
      const total = lines.reduce((s, l) => s + l.total, 0) + (o.unmatched ? 1200 : 0);
      await tx
        .insertInto('order_counters')
        .values({ delivery_date: date, last_num: 0 })
        .onConflict((oc) => oc.column('delivery_date').doNothing())
        .execute();
      const order = await tx
        .insertInto('orders')
        .values({
          order_num: index + 1,
          delivery_date: date,
          delivery_time: o.time,
          source_id: o.source,
          status: index === 0 ? ORDER_STATUS.printed : ORDER_STATUS.pending,
          delivered: 0,
          delivery: 'consegna',
          payment_type: o.payment,
          name: o.client?.name ?? 'Cliente piattaforma',
          nome_citofono: o.client?.name ?? null,
          address: o.client?.address ?? 'Via Ostiense 120',
          telephone: o.client?.telephone ?? null,
          zone_id: o.client?.zone_id ?? null,
          client_id: o.client?.id ?? null,
          user_id: null,
          note: null,
          discount_code: null,
          original_price_cents: total,
          total_price_cents: total,
          idempotency_key: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows: Insertable<OrderLinesTable>[] = lines.map((l, position) => ({
        order_id: order.id,
        position,
        product_id: l.p.id,
        category_id: l.p.category_id,
        oven_group: l.p.oven_group,
        name: l.p.name,
        qty: l.qty,
        base_price_cents: l.p.price_cents,
        variant_id: null,
        variant_name: null,
        variant_price_cents: 0,
        note: null,
        unit_price_cents: l.p.price_cents,
        line_total_cents: l.total,
      }));
      if (o.unmatched) {
        rows.push({
          ...rows[0]!,
          position: rows.length,
          product_id: null,
          category_id: null,
          oven_group: null,
          name: o.unmatched,
          qty: 1,
          base_price_cents: 1200,
          unit_price_cents: 1200,
          line_total_cents: 1200,
        });
      }
      await tx.insertInto('order_lines').values(rows).execute();
      await addSlotLoad(tx, date, o.time, ovenItemCount(lines.map((l) => ({ group: ovenGroupOf(l.p.oven_group), qty: l.qty }))));
    }
    await tx.updateTable('order_counters').set({ last_num: orders.length }).where('delivery_date', '=', date).execute();
  });
}
