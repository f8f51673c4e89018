/** The checkout's types (zag's layout: machine, connect and types in three files). */
import type { CheckoutDetails, CheckoutField, DeliveryType } from '../src/domain';
import type { Product, Zone } from './shop.machine';

export interface SavedAddress {
  id: number;
  name: string;
  zoneId: number | null;
  address: string | null;
  telephone: string;
  delivery: DeliveryType;
}

export interface Timeslot {
  /** 'HH:MM' */
  time: string;
  available: boolean;
}

/** What the customer has typed or chosen: the order form (SPEC §3 checkout payload). */
export interface CheckoutForm extends CheckoutDetails {
  /** a saved address id, 0 for a new one, null before step 3 */
  addressSelector: number | null;
  /** 'Allergie o intolleranze' (the wire's name, so the server's refusal names the field) */
  allergy_note: string;
}

/** What the confirmation page is given of a placed order. */
export type PlacedOrderFacts = Omit<Extract<OrderOutcome, { ok: true }>, 'ok'>;

export type OrderOutcome =
  /**
   * `orderId`: the placed order, which the confirmation page reads back; `trackingPath`: its tracking
   * page ('/ordine/<token>'), null when a retried submit got the first answer again (the link is in the e-mail)
   */
  | { ok: true; message: string; orderId: number; trackingPath: string | null }
  /** `field`: the field the server refused (the step that must change), null for the shop being closed and the like */
  | { ok: false; message: string; field: string | null };

export interface PlaceOrderInput {
  form: CheckoutForm;
  idempotencyKey: string;
}

export type Step = 1 | 2 | 3 | 4 | 5 | 6;

/** The steps the summary's 'Modifica' goes back to: the delivery type, and the details typed at step 4. */
export type EditableStep = 2 | 4;

/** What the browser keeps of a checkout (the tab's storage, the history entries): written from the actor, sent back as `checkout.restore`. */
export interface SavedCheckout {
  step: Step;
  form: CheckoutForm;
  idempotencyKey: string | null;
}

export interface CheckoutInput {
  zones: Zone[];
  /** a fresh Idempotency-Key, once per order attempt */
  createKey: () => string;
}

export type FieldName = CheckoutField | 'tipoConsegna' | 'addressSelector' | 'allergy_note';

export interface CheckoutContext {
  /** told by the session's owner (`session.changed`), never copied in by a view */
  hasUser: boolean;
  /** the logged-in customer's name (their profile): pickup's 'Nome' when no pickup is saved */
  userName: string | null;
  zones: Zone[];
  createKey: () => string;
  form: CheckoutForm;
  addresses: SavedAddress[];
  timeslots: Timeslot[];
  suggestions: Product[];
  errors: Partial<Record<FieldName, string>>;
  /** the server's refusal or failure, in its words */
  message: string | null;
  idempotencyKey: string | null;
  /** gone back from the summary by 'Modifica': 'Prosegui' (or Back) returns to it once the details are valid */
  isEditingSummary: boolean;
}

export type TextField = 'nomeCitofono' | 'indirizzo' | 'nomeCliente' | 'telefono' | 'fascia' | 'note' | 'allergy_note';

export type CheckoutEvent =
  | { type: 'session.changed'; hasUser: boolean; userName?: string | null }
  /** a reload (the tab's copy) or the browser's Back (an earlier step's history entry) */
  | ({ type: 'checkout.restore' } & SavedCheckout)
  | { type: 'delivery.select'; delivery: DeliveryType }
  | { type: 'address.select'; id: number }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'zone.select'; zoneId: number | null }
  | { type: 'upsell.add'; product: Product }
  | { type: 'discount.apply'; code: string }
  | { type: 'summary.edit'; step: EditableStep }
  | { type: 'step.next' }
  | { type: 'order.confirm' };

export const EMPTY_FORM: CheckoutForm = {
  tipoConsegna: null,
  addressSelector: null,
  nomeCitofono: '',
  zonaConsegna: null,
  indirizzo: '',
  nomeCliente: '',
  telefono: '',
  fascia: '',
  note: '',
  allergy_note: '',
};
