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
import type { Selectable } from 'kysely';
import { isUniqueViolation, type Db } from '../db/database';
import { paramsOf, prepared } from '../db/prepared';
import { AppError, conflict, FieldErrorCollector, invalidField } from '../errors';
import type { MailQueue } from '../mail/queue';
import { orderConfirmationMail } from '../mail/templates';
import { lineDescription, storedLineOf } from '../orders/order-dto';
import type { OrderEvents } from '../orders/order-events';
import { insertOrder, SLOT_FULL, type OrderDraft } from '../orders/order-store';
import type { AddressesTable, OrderRow } from '../db/schema';
import type { CatalogService, CatalogSnapshot } from './catalog';
import type { PricedLine } from './pricing';
import { pricedOrder, type QuoteService } from './quote';
import type { ScheduleService } from './schedule';

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

const orderByKeyQuery = prepared<{ key: string }, OrderSummary>((db, param) =>
  db.selectFrom('orders').select(SUMMARY_COLUMNS).where('idempotency_key', '=', param('key')),
);

const ownAddressQuery = prepared<{ id: number; userId: number }, { id: number }>((db, param) =>
  db.selectFrom('addresses').select('id').where('id', '=', param('id')).where('user_id', '=', param('userId')),
);

type AddressRow = Omit<Selectable<AddressesTable>, 'id'>;
type SavedAddress = Pick<AddressRow, 'user_id' | 'delivery' | 'name' | 'telephone' | 'address'>;
/** An address already saved like this one; `address = ?` never matches a pickup's null, which has its own. */
const sameAddressQuery = (withStreet: boolean) =>
  prepared<SavedAddress, { id: number }>((db, param) => {
    const query = db
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', param('user_id'))
      .where('delivery', '=', param('delivery'))
      .where('name', '=', param('name'))
      .where('telephone', '=', param('telephone'));
    return withStreet ? query.where('address', '=', param('address')) : query.where('address', 'is', null);
  });
const sameAddressQueries = { street: sameAddressQuery(true), none: sameAddressQuery(false) };
const insertAddressQuery = prepared<AddressRow, unknown>((db, param) =>
  db.insertInto('addresses').values(paramsOf(param, ['user_id', 'name', 'zone_id', 'address', 'telephone', 'delivery', 'created_at'])),
);

export interface PlacedOrder {
  order: OrderSummary;
  /** true when an earlier request with the same Idempotency-Key had already placed it */
  replayed: boolean;
}

export class CheckoutService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      catalog: CatalogService;
      schedule: ScheduleService;
      quotes: QuoteService;
      mail: MailQueue;
      events: OrderEvents;
    },
  ) {}

  private async existing(key: string): Promise<OrderSummary | undefined> {
    return (await orderByKeyQuery(this.deps.db, { key })).rows[0];
  }

  async placeOrder(user: AuthUser, input: CheckoutRequest, idempotencyKey: string | null): Promise<PlacedOrder> {
    const { db, clock, catalog, schedule, quotes } = this.deps;
    const key = idempotencyKey ? `${user.id}:${idempotencyKey}` : null;
    if (key) {
      const earlier = await this.existing(key);
      if (earlier) return { order: earlier, replayed: true };
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
      deliveryDate: date,
      deliveryTime: form.fascia,
      ...pricedOrder(quote),
    };
    try {
      const order = await db.transaction().execute(async (tx) => {
        if (form.savedAddressId !== null) {
          const owned = await ownAddressQuery(tx, { id: form.savedAddressId, userId: user.id });
          if (owned.rows.length === 0) throw invalidField('addressSelector', ADDRESS_REQUIRED);
        } else {
          await this.saveAddress(tx, user.id, form);
        }

        const inserted = await insertOrder(tx, clock, draft, { idempotencyKey: key, capacity });
        if (inserted === SLOT_FULL) {
          // Named on the field, so the browser returns to the step where the slot is chosen.
          const message = `La fascia delle ${form.fascia} non ha più posto per il tuo ordine: scegline un'altra o chiamaci.`;
          throw new AppError('conflict', message, { code: 'slot.full', errors: { fascia: [message] } });
        }
        // Everything the answer and the mail tell is what was just written: no need to read it back.
        const placed: OrderSummary = {
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
        // Committed with the order: a crash right after still sends the confirmation.
        await this.deps.mail.enqueue(tx, confirmationMail(user, shopName, placed, draft.lines));
        return placed;
      });
      this.deps.events.committed();
      return { order, replayed: false };
    } catch (error) {
      // Two submits with one key raced: the loser returns the winner's order.
      if (key && isUniqueViolation(error)) {
        const earlier = await this.existing(key);
        if (earlier) return { order: earlier, replayed: true };
      }
      throw error;
    }
  }

  /** A new address typed at checkout is remembered, once. */
  private async saveAddress(tx: Db, userId: number, form: ValidForm): Promise<void> {
    const address = { user_id: userId, delivery: form.delivery, name: form.name, telephone: form.telephone, address: form.address };
    const same = await (address.address === null ? sameAddressQueries.none : sameAddressQueries.street)(tx, address);
    if (same.rows.length > 0) return;
    await insertAddressQuery(tx, { ...address, zone_id: form.zoneId, created_at: this.deps.clock.now().toISOString() });
  }
}

function confirmationMail(user: AuthUser, shopName: string, order: OrderSummary, lines: readonly PricedLine[]) {
  return orderConfirmationMail(shopName, user.email, user.name, {
    orderNum: order.order_num,
    deliveryDate: order.delivery_date,
    deliveryTime: order.delivery_time,
    delivery: order.delivery,
    address: order.address,
    lines: lines.map((l) => ({ description: lineDescription(storedLineOf(l)), qty: l.qty, totalCents: l.totalCents })),
    originalCents: order.original_price_cents,
    deliveryFeeCents: order.delivery_fee_cents,
    totalCents: order.total_price_cents,
    discountCode: order.discount_code,
  });
}
