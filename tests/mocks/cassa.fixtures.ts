/** The cassa's day list as the server answers it; shared by the machine and component suites. */
import type { components } from '../../openapi/schema';
import { CATEGORY_GROUPS, cassaSlots, orderProgress, ovenItemCount, slotOf } from '../../src/domain';
import { priceCartAnswer } from './cart';
import { categories, products, zones } from './fixtures';

type Schemas = components['schemas'];
type WireOrder = Schemas['CassaOrder'];

export const CASSA_TODAY = '2026-11-18';
export const CASSA_TOMORROW = '2026-11-19';

const order = (fields: Partial<WireOrder> & Pick<WireOrder, 'id' | 'order_num' | 'name'>): WireOrder => ({
  total_price: 12.5,
  original_price: 12.5,
  delivery_fee: 0,
  payment_type: 'Contanti',
  delivery: 'consegna',
  zone: 'Monteverde',
  zone_id: 2,
  source_id: 2,
  status: 0,
  delivered: 0,
  delivery_time: '19:30',
  delivery_date: CASSA_TODAY,
  client_id: 1,
  user_id: null,
  user: null,
  address: 'Via Giacinto Carini 21',
  telephone: '3331234567',
  note: null,
  allergy_note: null,
  discount_code: null,
  products: [{ product_id: 1, qty: 2, description: 'Margherita' }],
  groupQuantities: { pizze: 2, compositions: 0, calzoni: 0 },
  count_product_unknown: 0,
  version: 0,
  delay_minutes: 0,
  ...fields,
  progress: orderProgress({
    status: fields.status ?? 0,
    delivered: fields.delivered ?? 0,
    delivery: fields.delivery ?? 'consegna',
    dispatchedAt: null,
  }),
});

/** A phone order, a pickup paid by card from the online shop, and an order of an external platform. */
export const phoneOrder = order({ id: 11, order_num: 1, name: 'Mario Rossi' });
export const onlinePickup = order({
  id: 12,
  order_num: 2,
  name: 'Giulia Bianchi',
  source_id: 1,
  delivery: 'ritiro',
  zone: null,
  zone_id: null,
  payment_type: 'Carta di credito',
  total_price: 28,
  delivery_time: '20:10',
  status: 1,
  groupQuantities: { pizze: 1, compositions: 1, calzoni: 3 },
});
export const externalOrder = order({
  id: 13,
  order_num: 3,
  name: 'Cliente Glovo',
  source_id: 3,
  total_price: 9,
  payment_type: 'Carta di credito',
  delivery_time: '20:05',
  groupQuantities: { pizze: 1, compositions: 0, calzoni: 0 },
  count_product_unknown: 2,
});
/** An online order that arrives between two refreshes. */
export const lateOnlineOrder = order({ id: 14, order_num: 4, name: 'Luca Marini', source_id: 1, delivery_time: '21:00', total_price: 7 });

/** The answer for a day holding `orders`, with totals and slot load computed as the server does. */
export function cassaDay(orders: WireOrder[], date = CASSA_TODAY, slotCapacity = 4): Schemas['CassaOrdersResponse'] {
  const cents = (euros: number) => Math.round(euros * 100);
  const sum = (list: WireOrder[]) => list.reduce((total, o) => total + cents(o.total_price), 0) / 100;
  const oven = (o: WireOrder) => ovenItemCount(CATEGORY_GROUPS.map((group) => ({ group, qty: o.groupQuantities[group] })));
  return {
    catalogue_version: 1,
    date,
    orders: { data: orders },
    totals: {
      total: sum(orders),
      contanti: sum(orders.filter((o) => o.payment_type === 'Contanti')),
      carta_di_credito: sum(orders.filter((o) => o.payment_type === 'Carta di credito')),
    },
    counters: {
      not_delivered: orders.filter((o) => o.delivered === 0).length,
      status_counts: {
        '0': orders.filter((o) => o.status === 0).length,
        '1': orders.filter((o) => o.status === 1).length,
        '2': orders.filter((o) => o.status === 2).length,
      },
    },
    slots: cassaSlots().map((time) => {
      const inSlot = orders.filter((o) => slotOf(o.delivery_time) === time);
      return {
        time,
        orders: inSlot.length,
        quantity: inSlot.reduce((n, o) => n + oven(o), 0),
        external_quantity: inSlot.filter((o) => o.source_id === 3).reduce((n, o) => n + oven(o), 0),
      };
    }),
    slot_capacity: slotCapacity,
    closed_notice: null,
  };
}

/** The cassa's init: two clients, the zones, the shop's catalogue plus a hidden free drink. */
export const freeDrink: Schemas['Product'] = {
  ...products.find((p) => p.name === 'Fiori di zucca e alici')!,
  id: 70,
  category_id: 7,
  name: 'Lattina omaggio',
  price: 0,
  visibility: false,
  variants: [],
  additions: [],
  sold_out: false,
  category: { id: 7, name: 'Bevande', additions_enabled: false },
};
export const cassaInit: Schemas['CassaInitResponse'] = {
  catalogue_version: 1,
  today: CASSA_TODAY,
  now: '19:02',
  closed_days: [],
  clients: [
    {
      id: 1,
      name: 'Mario Rossi',
      address: 'Via Giacinto Carini 21',
      telephone: '3331234567',
      zone_id: 2,
      cap: '00152',
      // 2 Margherita, wholemeal dough, with buffalo mozzarella
      last_order_lines: [{ product_id: 1, variant_id: 2, addition_ids: [90], qty: 2 }],
    },
    { id: 2, name: 'Anna Maria Neri', address: null, telephone: '3479876543', zone_id: null, cap: null, last_order_lines: [] },
  ],
  zones,
  categories: [...categories, { id: 7, name: 'Bevande', sorting: 7, visibility: true, additions_enabled: false }],
  products: [...products, freeDrink],
};

/** The phone order opened in the cassa's widget: its lines as the server priced them. */
export const phoneOrderDetail: Schemas['CassaOrderDetail'] = {
  ...phoneOrder,
  version: 3,
  nomeCitofono: 'Rossi',
  cart: priceCartAnswer([{ id: products[0]!.id, qty: 2 }], null).cart,
};
