import {
  HIDDEN_ZONE,
  isValidPhone,
  normalizePhone,
  PHONE_MESSAGE,
  slotOf,
  UNCOVERED_ZONE,
  usesOven,
  type DeliveryType,
} from '../../src/domain';
import type { AuthUser } from '../auth/auth.service';
import type { Clock } from '../clock';
import { isUniqueViolation, type Db } from '../db/database';
import { conflict, FieldErrorCollector, fieldLabel, fieldMessages, invalidField } from '../errors';
import type { Mailer } from '../mail/mailer';
import { orderConfirmationMail } from '../mail/templates';
import { lineDescription } from '../orders/order-dto';
import { insertOrder, loadOrders, lockSlot, type OrderRecord } from '../orders/order-store';
import type { CatalogService, CatalogSnapshot } from './catalog';
import { normalizeCode, type DiscountResult, type DiscountService } from './discounts';
import { priceCart, type CartLineInput, type PricedCart } from './pricing';
import type { ScheduleService } from './schedule';

export const ORDER_CONFIRMED = 'Ordine confermato con successo!';
export const ZONE_NOT_COVERED = 'Zona non coperta dal servizio di consegna.';
export const SLOT_REQUIRED = 'La fascia oraria deve essere selezionata.';
export const ADDRESS_REQUIRED = 'Seleziona un indirizzo.';

export interface CheckoutForm {
  tipoConsegna: DeliveryType;
  addressSelector?: number | null;
  nomeCitofono?: string | null;
  zonaConsegna?: number | null;
  indirizzo?: string | null;
  nomeCliente?: string | null;
  telefono: string;
  fascia: string;
  note?: string | null;
  codiceSconto?: string | null;
}

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

/** SPEC §5 checkout rules, all at once so the customer sees every problem in one go. */
function validateForm(form: CheckoutForm, catalog: CatalogSnapshot): ValidForm {
  const errors = new FieldErrorCollector();
  const delivery = form.tipoConsegna;
  const nomeCitofono = text(form.nomeCitofono);
  const address = text(form.indirizzo);
  const nomeCliente = text(form.nomeCliente);
  let zoneId: number | null = null;

  if (form.addressSelector === undefined || form.addressSelector === null) errors.add('addressSelector', ADDRESS_REQUIRED);
  if (delivery === 'consegna') {
    if (!nomeCitofono) errors.add('nomeCitofono', fieldMessages.required(fieldLabel('nomeCitofono')));
    if (!address) errors.add('indirizzo', fieldMessages.required(fieldLabel('indirizzo')));
    const zone = form.zonaConsegna != null ? catalog.zonesById.get(form.zonaConsegna) : undefined;
    if (form.zonaConsegna == null) errors.add('zonaConsegna', fieldMessages.required(fieldLabel('zonaConsegna')));
    else if (!zone || zone.name === HIDDEN_ZONE) errors.add('zonaConsegna', fieldMessages.invalid(fieldLabel('zonaConsegna')));
    else if (zone.name === UNCOVERED_ZONE) errors.add('zonaConsegna', ZONE_NOT_COVERED);
    else zoneId = zone.id;
  } else if (!nomeCliente) {
    errors.add('nomeCliente', fieldMessages.required(fieldLabel('nomeCliente')));
  }
  if (!isValidPhone(form.telefono ?? '')) errors.add('telefono', PHONE_MESSAGE);
  if (!form.fascia) errors.add('fascia', SLOT_REQUIRED);
  errors.throwIfAny();

  return {
    delivery,
    name: (delivery === 'consegna' ? nomeCitofono : nomeCliente)!,
    nomeCitofono: delivery === 'consegna' ? nomeCitofono : null,
    zoneId,
    address: delivery === 'consegna' ? address : null,
    telephone: normalizePhone(form.telefono),
    fascia: form.fascia,
    note: text(form.note),
    savedAddressId: form.addressSelector && form.addressSelector > 0 ? form.addressSelector : null,
  };
}

export interface PlacedOrder {
  order: OrderRecord;
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
      discounts: DiscountService;
      mailer: Mailer;
      onMailError: (error: unknown) => void;
    },
  ) {}

  private async existing(key: string): Promise<OrderRecord | undefined> {
    const row = await this.deps.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst();
    return row ? (await loadOrders(this.deps.db, { ids: [row.id] }))[0] : undefined;
  }

  async placeOrder(
    user: AuthUser,
    input: { data: CheckoutForm; cart: CartLineInput[]; discount?: { code?: string | null } | null },
    idempotencyKey: string | null,
  ): Promise<PlacedOrder> {
    const { db, clock, catalog, schedule, discounts } = this.deps;
    const key = idempotencyKey ? `${user.id}:${idempotencyKey}` : null;
    if (key) {
      const earlier = await this.existing(key);
      if (earlier) return { order: earlier, replayed: true };
    }

    const snapshot = await catalog.snapshot();
    const status = await schedule.shopStatus();
    if (status.closed) throw conflict(status.clientMessage ?? 'Il negozio è chiuso.');
    const form = validateForm(input.data, snapshot);
    const cart: PricedCart = priceCart(snapshot, input.cart, 'customer');
    if (cart.lines.length === 0) throw invalidField('cart', 'Il carrello è vuoto.');
    const slotProblem = await schedule.slotProblem(form.fascia);
    if (slotProblem) throw invalidField('fascia', slotProblem);

    const code = normalizeCode(input.data.codiceSconto ?? input.discount?.code);
    const discount: DiscountResult | null = code ? await discounts.evaluate(code, cart.totalCents, form.delivery) : null;
    const applied = discount?.isValid ? discount : null;
    const date = schedule.today().date;
    const ovenItems = cart.lines.filter((l) => usesOven(l.product.categoryId)).reduce((sum, l) => sum + l.qty, 0);

    let orderId: number;
    try {
      orderId = await db.transaction().execute(async (tx) => {
        if (form.savedAddressId !== null) {
          const owned = await tx
            .selectFrom('addresses')
            .select('id')
            .where('id', '=', form.savedAddressId)
            .where('user_id', '=', user.id)
            .executeTakeFirst();
          if (!owned) throw invalidField('addressSelector', ADDRESS_REQUIRED);
        } else {
          await this.saveAddress(tx, user.id, form);
        }

        if (ovenItems > 0) {
          const slot = slotOf(form.fascia);
          await lockSlot(tx, date, slot);
          const booked = (await schedule.ovenLoad(tx, date)).get(slot) ?? 0;
          if (booked + ovenItems > (await schedule.capacity())) {
            throw conflict(`La fascia delle ${form.fascia} non ha più posto per il tuo ordine: scegline un'altra o chiamaci.`);
          }
        }

        return insertOrder(
          tx,
          clock,
          {
            sourceId: 1,
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
            discountCode: applied?.code ?? null,
            originalCents: cart.totalCents,
            totalCents: applied?.finalCents ?? cart.totalCents,
            deliveryDate: date,
            deliveryTime: form.fascia,
            lines: cart.lines,
          },
          { idempotencyKey: key },
        );
      });
    } catch (error) {
      // Two submits with one key raced: the loser returns the winner's order.
      if (key && isUniqueViolation(error)) {
        const earlier = await this.existing(key);
        if (earlier) return { order: earlier, replayed: true };
      }
      throw error;
    }

    const [order] = await loadOrders(db, { ids: [orderId] });
    await this.sendConfirmation(user, snapshot.settings.shop_name!, order!);
    return { order: order!, replayed: false };
  }

  /** A new address typed at checkout is remembered, once. */
  private async saveAddress(tx: Db, userId: number, form: ValidForm): Promise<void> {
    const same = await tx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('delivery', '=', form.delivery)
      .where('name', '=', form.name)
      .where('telephone', '=', form.telephone)
      .where('address', form.address === null ? 'is' : '=', form.address)
      .executeTakeFirst();
    if (same) return;
    await tx
      .insertInto('addresses')
      .values({
        user_id: userId,
        name: form.name,
        zone_id: form.zoneId,
        address: form.address,
        telephone: form.telephone,
        delivery: form.delivery,
        created_at: this.deps.clock.now().toISOString(),
      })
      .execute();
  }

  private async sendConfirmation(user: AuthUser, shopName: string, order: OrderRecord): Promise<void> {
    try {
      await this.deps.mailer.send(
        orderConfirmationMail(shopName, user.email, user.name, {
          orderNum: order.order_num,
          deliveryDate: order.delivery_date,
          deliveryTime: order.delivery_time,
          delivery: order.delivery,
          address: order.address,
          lines: order.lines.map((l) => ({ description: lineDescription(l), qty: l.qty, totalCents: l.line_total_cents })),
          originalCents: order.original_price_cents,
          totalCents: order.total_price_cents,
          discountCode: order.discount_code,
        }),
      );
    } catch (error) {
      // The order stands even if the mail server is down; staff see it in the cassa.
      this.deps.onMailError(error);
    }
  }
}
