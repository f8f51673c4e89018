import type { components } from '../../openapi/schema';
import {
  ADDRESS_REQUIRED,
  checkoutDetailsErrors,
  normalizePhone,
  ORDER_SOURCE,
  servedZones,
  toCents,
  type CheckoutDetails,
  type DeliveryType,
} from '../../src/domain';
import type { AuthUser } from '../auth/auth.service';
import type { Clock } from '../clock';
import { isUniqueViolation, type Db } from '../db/database';
import { prepared } from '../db/prepared';
import { AppError, conflict, FieldErrorCollector, invalidField } from '../errors';
import type { MailQueue } from '../mail/queue';
import { orderConfirmationMail } from '../mail/templates';
import { lineDescription, storedLineOf } from '../orders/order-dto';
import { assertSameRequest, fingerprint } from '../orders/idempotency';
import type { OrderDraft } from '../orders/order-store';
import { NOT_OWN_ADDRESS, SLOT_FULL, type OrderAddress, type OrderWriter, type StoredKey } from '../orders/order-writer';
import type { OrderRow } from '../db/schema';
import { newTrackingToken, trackingPath } from '../orders/tracking-tokens';
import type { CatalogService, CatalogSnapshot } from './catalog';
import { pricedOrder, type QuoteService } from './quote';
import type { ScheduleService } from './schedule';
import type { PrintWakeups } from '../print/print-wakeups';

export const ORDER_CONFIRMED = 'Ordine confermato con successo!';

export type CheckoutForm = components['schemas']['CheckoutForm'];
export type CheckoutRequest = components['schemas']['CheckoutRequest'];

interface ValidForm {
  delivery: DeliveryType;
  name: string;
  nomeCitofono: string | null;
  zoneId: number | null;
  address: string | null;
  telephone: string;
  fascia: string;
  note: string | null;
  allergyNote: string | null;
  savedAddressId: number | null;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** SPEC §5 checkout rules (the browser's own, from src/domain), plus the saved-address choice. */
function validateForm(form: CheckoutForm, catalog: CatalogSnapshot): ValidForm {
  const errors = new FieldErrorCollector();
  if (form.addressSelector === undefined || form.addressSelector === null) errors.add('addressSelector', ADDRESS_REQUIRED);
  const details: CheckoutDetails = {
    tipoConsegna: form.tipoConsegna,
    nomeCitofono: form.nomeCitofono ?? '',
    zonaConsegna: form.zonaConsegna ?? null,
    indirizzo: form.indirizzo ?? '',
    nomeCliente: form.nomeCliente ?? '',
    telefono: form.telefono,
    fascia: form.fascia,
    note: form.note ?? '',
  };
  const refused = checkoutDetailsErrors(details, servedZones(catalog.zones));
  for (const [field, message] of Object.entries(refused) as [string, string][]) errors.add(field, message);
  errors.throwIfAny();

  const delivery = form.tipoConsegna;
  const nomeCitofono = text(form.nomeCitofono);
  return {
    delivery,
    name: (delivery === 'consegna' ? nomeCitofono : text(form.nomeCliente))!,
    nomeCitofono: delivery === 'consegna' ? nomeCitofono : null,
    zoneId: delivery === 'consegna' ? form.zonaConsegna! : null,
    address: delivery === 'consegna' ? text(form.indirizzo) : null,
    telephone: normalizePhone(form.telefono),
    fascia: form.fascia,
    note: text(form.note),
    allergyNote: text(form.allergy_note),
    savedAddressId: form.addressSelector && form.addressSelector > 0 ? form.addressSelector : null,
  };
}

/** What the customer is told about a placed order (the answer, a replay, the mail). */
const SUMMARY_COLUMNS = [
  'id',
  'order_num',
  'delivery_date',
  'delivery_time',
  'delivery',
  'address',
  'original_price_cents',
  'total_price_cents',
  'delivery_fee_cents',
  'discount_code',
] as const;
export type OrderSummary = Pick<OrderRow, (typeof SUMMARY_COLUMNS)[number]>;

const orderByKeyQuery = prepared<{ key: string }, OrderSummary & Pick<OrderRow, 'idempotency_fingerprint'>>((db, param) =>
  db
    .selectFrom('orders')
    .select([...SUMMARY_COLUMNS, 'idempotency_fingerprint'])
    .where('idempotency_key', '=', param('key')),
);

export interface PlacedOrder {
  order: OrderSummary;
  /** true when an earlier request with the same Idempotency-Key had already placed it */
  replayed: boolean;
  /** the tracking page's path ('/ordine/<token>'); null on a replay: only the token's hash is kept */
  trackingPath: string | null;
}

/** What a service that takes orders (the checkout, the cassa) works with. */
export interface OrderTaking {
  db: Db;
  clock: Clock;
  catalog: CatalogService;
  schedule: ScheduleService;
  quotes: QuoteService;
  orders: OrderWriter;
}

export class CheckoutService {
  constructor(private readonly deps: OrderTaking & { mail: MailQueue; appUrl: string; printWakeups: PrintWakeups }) {}

  /** The order an earlier request with this key placed; a key of another request is refused. */
  private async existing({ key, fingerprint }: StoredKey): Promise<OrderSummary | undefined> {
    const row = (await orderByKeyQuery(this.deps.db, { key })).rows[0];
    if (!row) return undefined;
    const { idempotency_fingerprint: stored, ...order } = row;
    assertSameRequest(stored, fingerprint);
    return order;
  }

  async placeOrder(user: AuthUser, input: CheckoutRequest, idempotencyKey: string | null): Promise<PlacedOrder> {
    const { clock, catalog, schedule, quotes } = this.deps;
    const key = idempotencyKey ? { key: `${user.id}:${idempotencyKey}`, fingerprint: fingerprint('checkout', user.id, input) } : null;
    if (key) {
      const earlier = await this.existing(key);
      if (earlier) return { order: earlier, replayed: true, trackingPath: null };
    }

    const snapshot = await catalog.snapshot();
    const status = await schedule.shopStatus();
    if (status.closed) throw conflict(status.clientMessage ?? 'Il negozio è chiuso.', 'shop.closed');
    const form = validateForm(input.data, snapshot);
    const quote = await quotes.quote({
      cart: input.cart,
      code: input.data.codiceSconto ?? input.discount?.code,
      delivery: form.delivery,
      zoneId: form.zoneId,
      audience: 'customer',
    });
    if (quote.cart.lines.length === 0) throw invalidField('cart', 'Il carrello è vuoto.');
    // No field named: the summary says it, and the customer adds to the cart or picks up instead.
    if (quote.belowMinimum) throw new AppError('validation', quote.belowMinimum, { code: 'order.below_minimum' });
    // A code unknown or deactivated since the summary is refused, never dropped silently (a code whose
    // rule is not met goes on at full price, as the summary showed).
    if (quote.discount?.errorMessage) {
      throw new AppError('validation', quote.discount.errorMessage, {
        code: 'discount.invalid',
        errors: { codiceSconto: [quote.discount.errorMessage] },
      });
    }
    // The customer confirms the total the summary showed: a price changed since is said, never charged silently.
    if (input.expected_total != null && toCents(input.expected_total) !== quote.totalCents) {
      throw conflict('Il totale è cambiato: controlla il riepilogo.', 'order.total_changed');
    }
    const slotProblem = await schedule.slotProblem(form.fascia);
    if (slotProblem) throw invalidField('fascia', slotProblem);
    const capacity = await schedule.capacity();
    const date = schedule.today().date;

    const shopName = snapshot.settings.shop_name!;
    const draft: OrderDraft = {
      sourceId: ORDER_SOURCE.online,
      delivery: form.delivery,
      paymentType: 'Contanti',
      name: form.name,
      nomeCitofono: form.nomeCitofono,
      address: form.address,
      telephone: form.telephone,
      zoneId: form.zoneId,
      clientId: null,
      userId: user.id,
      note: form.note,
      allergyNote: form.allergyNote,
      deliveryDate: date,
      deliveryTime: form.fascia,
      ...pricedOrder(quote),
    };
    const address: OrderAddress =
      form.savedAddressId !== null
        ? { saved: { id: form.savedAddressId, userId: user.id } }
        : {
            typed: {
              user_id: user.id,
              delivery: form.delivery,
              name: form.name,
              telephone: form.telephone,
              address: form.address,
              zone_id: form.zoneId,
              created_at: clock.now().toISOString(),
            },
          };
    const tracking = newTrackingToken();
    const trackingUrl = `${this.deps.appUrl}${trackingPath(tracking.token)}`;
    try {
      const inserted = await this.deps.orders.place(draft, {
        idempotency: key,
        capacity,
        address,
        // Committed with the order: a crash right after still sends the confirmation.
        mail: (orderNum) => confirmationMail(user, shopName, orderNum, draft, trackingUrl),
        trackingHash: tracking.hash,
        // The kitchen's printers that print new online orders by themselves get the ticket with the order.
        autoPrint: true,
      });
      if (inserted === NOT_OWN_ADDRESS) throw invalidField('addressSelector', ADDRESS_REQUIRED);
      if (inserted === SLOT_FULL) {
        // Named on the field, so the browser returns to the step where the slot is chosen.
        const message = `La fascia delle ${form.fascia} non ha più posto per il tuo ordine: scegline un'altra o chiamaci.`;
        throw new AppError('conflict', message, { code: 'slot.full', errors: { fascia: [message] } });
      }
      this.deps.mail.soon();
      this.deps.printWakeups.committed();
      // Everything the answer tells is what was just written: no need to read it back.
      const order: OrderSummary = {
        id: inserted.id,
        order_num: inserted.orderNum,
        delivery_date: draft.deliveryDate,
        delivery_time: draft.deliveryTime,
        delivery: draft.delivery,
        address: draft.address,
        original_price_cents: draft.originalCents,
        total_price_cents: draft.totalCents,
        delivery_fee_cents: draft.deliveryFeeCents,
        discount_code: draft.discountCode,
      };
      return { order, replayed: false, trackingPath: trackingPath(tracking.token) };
    } catch (error) {
      // Two submits with one key raced: the loser returns the winner's order.
      if (key && isUniqueViolation(error)) {
        const earlier = await this.existing(key);
        if (earlier) return { order: earlier, replayed: true, trackingPath: null };
      }
      throw error;
    }
  }
}

/** The confirmation mail, for the number the order is given when it is written. */
function confirmationMail(user: AuthUser, shopName: string, orderNum: string, draft: OrderDraft, trackingUrl: string) {
  return orderConfirmationMail(shopName, user.email, user.name, {
    orderNum,
    deliveryDate: draft.deliveryDate,
    deliveryTime: draft.deliveryTime,
    delivery: draft.delivery,
    address: draft.address,
    allergyNote: draft.allergyNote,
    lines: draft.lines.map((l) => ({ description: lineDescription(storedLineOf(l)), qty: l.qty, totalCents: l.totalCents })),
    originalCents: draft.originalCents,
    deliveryFeeCents: draft.deliveryFeeCents,
    totalCents: draft.totalCents,
    discountCode: draft.discountCode,
    trackingUrl,
  });
}
