import type { components } from '../../openapi/schema';

/** The account page's data as the server sends it (euros on the wire), for component and machine tests. */
type Schemas = components['schemas'];

/** A discounted pickup order (original 24,00 €, 15% off: 20,40 €) and a plain delivery order. */
export const accountOrders: Schemas['AccountOrder'][] = [
  {
    id: 41,
    order_num: 12,
    delivery_at: '2026-11-18T19:30',
    delivery: 'ritiro',
    progress: 'collected',
    followable: true,
    original_price: 24,
    total_price: 20.4,
    discount_code: 'RITIRO-IN-PIZZERIA',
    products: [
      {
        product: { id: 1, name: 'Margherita' },
        qty: 2,
        price: 10.5,
        final_price: 21,
        variant_id: 2,
        variant: { id: 2, name: 'Integrale', price_modifier: 1, allergens: ['gluten'], may_contain: [] },
        additions: [{ product: { name: 'Bufala' }, price: 2.5 }],
        note: null,
      },
      {
        product: { id: 3, name: 'Supplì' },
        qty: 1,
        price: 3,
        final_price: 3,
        variant_id: 0,
        variant: null,
        additions: [],
        note: null,
      },
    ],
  },
  {
    id: 17,
    order_num: 4,
    delivery_at: '2026-03-02T20:15',
    delivery: 'consegna',
    progress: 'delivered',
    followable: false,
    original_price: 10.5,
    total_price: 10.5,
    discount_code: null,
    products: [
      {
        product: { id: 2, name: 'Fiori di zucca e alici' },
        qty: 1,
        price: 10.5,
        final_price: 10.5,
        variant_id: 0,
        variant: null,
        additions: [],
        note: null,
      },
    ],
  },
];

export const savedAddresses: Schemas['Address'][] = [
  {
    id: 5,
    name: 'Giulia Bianchi',
    zone_id: 1,
    zone_name: 'Trastevere',
    address: 'Via della Scala 14',
    telephone: '+39 333 765 4321',
    delivery: 'consegna',
  },
  {
    id: 6,
    name: 'Ufficio',
    zone_id: 7,
    zone_name: 'Prati',
    address: 'Via Cola di Rienzo 200',
    telephone: '06 321 4567',
    delivery: 'consegna',
  },
];
