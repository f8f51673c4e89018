import { formatEuroInput, toEuros, type BulkPriceLine, type ServiceWindow } from '../../src/domain';
import type { Schemas } from '../http/wire';
import type { AdminCategory } from './categories.service';
import type { DiscountCodeRecord } from './discount-codes.service';
import type { AdminDough } from './doughs.service';
import type { OnlineOrderingView, WeeklyHoursView } from './hours.service';
import type { AdminProductRecord } from './menu.service';
import type { NewsPost } from './news.service';
import type { StaffMember } from './staff.service';
import type { TextKey, TextsView } from './texts.service';
import type { AdminZone } from './zones.service';
import type { SpecialDayView } from '../ecommerce/catalog';

/**
 * The back office's records on the wire: the routes build these from what the services return (money in
 * cents there, euros here; camelCase there, the contract's snake_case here). No service imports this file.
 */

export const staffDto = (m: StaffMember): Schemas['StaffMember'] => ({
  id: m.id,
  version: m.version,
  name: m.name,
  email: m.email,
  role: m.role,
  active: m.active,
});

export const categoryDto = (c: AdminCategory): Schemas['AdminCategory'] => ({
  id: c.id,
  version: c.version,
  name: c.name,
  position: c.position,
  visible: c.visible,
  additions_enabled: c.additionsEnabled,
  group: c.group,
  products: c.products,
  locked: c.locked,
});

export const codeDto = (c: DiscountCodeRecord): Schemas['AdminDiscountCode'] => ({
  id: c.id,
  version: c.version,
  code: c.code,
  kind: c.kind,
  amount: c.kind === 'percent' ? String(c.amount) : formatEuroInput(c.amount),
  min_order: formatEuroInput(c.minOrderCents),
  delivery: c.delivery ?? ('any' as const),
  valid_from: c.validFrom,
  valid_until: c.validUntil,
  label: c.label,
  active: c.active,
  times_used: c.timesUsed,
});

export const doughDto = (d: AdminDough): Schemas['AdminDough'] => ({
  id: d.id,
  version: d.version,
  name: d.name,
  price_modifier: d.priceModifierCents / 100,
  position: d.position,
  products: d.products,
  uses: d.uses,
  allergens: [...d.allergens],
  may_contain: [...d.may_contain],
  base: d.base,
});

const windowDto = (w: ServiceWindow | null) => (w ? { first: w.first, last: w.last } : null);

export const weeklyHoursDto = (v: WeeklyHoursView): Schemas['WeeklyHours'] => ({
  version: v.version,
  week: v.week.map((day) => ({ lunch: windowDto(day.lunch), dinner: windowDto(day.dinner) })),
  slot_capacity: v.slotCapacity,
  lead_minutes: v.leadMinutes,
  dough_choice: v.doughChoice,
});

export const onlineOrderingDto = (v: OnlineOrderingView): Schemas['OnlineOrdering'] => ({
  version: v.version,
  closed: v.closed,
  message: v.message,
  until: v.until,
});

export const newsDto = (p: NewsPost): Schemas['AdminNewsPost'] => ({
  id: p.id,
  version: p.version,
  slug: p.slug,
  title: p.title,
  description: p.description,
  content: p.content,
  image_url: p.image_url,
  published: p.published === 1,
  published_at: p.published_at,
});

export const specialDayDto = (d: SpecialDayView): Schemas['SpecialDay'] => ({
  id: d.id,
  version: d.version,
  date_from: d.dateFrom,
  date_until: d.dateUntil,
  closed: d.closed,
  first_slot: d.firstSlot,
  last_slot: d.lastSlot,
  message: d.message,
});

export const textsDto = (view: TextsView): Schemas['ShopTexts'] => ({ version: view.version, ...(view.texts as Record<TextKey, string>) });

export const zoneDto = (z: AdminZone): Schemas['AdminZone'] => ({
  id: z.id,
  version: z.version,
  name: z.name,
  active: z.active,
  fee: formatEuroInput(z.feeCents),
  min_order: formatEuroInput(z.minOrderCents),
  locked: z.locked,
  uses: z.uses,
});

export const bulkPriceDto = (line: BulkPriceLine): Schemas['BulkPricePreview']['items'][number] => ({
  id: line.id,
  version: line.version,
  name: line.name,
  category_name: line.categoryName,
  old_price: toEuros(line.oldCents),
  new_price: toEuros(line.newCents),
});

/** A product on the wire of the back office. */
export const productDto = (p: AdminProductRecord): Schemas['AdminProduct'] => ({
  id: p.id,
  version: p.version,
  category_id: p.categoryId,
  name: p.name,
  description: p.description,
  price: toEuros(p.priceCents),
  note: p.note,
  image_url: p.imageUrl,
  visible: p.visible,
  is_upsell: p.isUpsell,
  allow_variants: p.allowVariants,
  variant_ids: p.variantIds,
  archived: p.archived,
  sold_out: p.soldOut,
  allergens: [...p.allergens],
  may_contain: [...p.may_contain],
  diet: [...p.diet],
  frozen: p.frozen,
  base_dough_id: p.baseDoughId,
});
