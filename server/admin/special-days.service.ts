import { addDays, formatShopDate, isOnSlotGrid, ORDER_STATUS, toMinutes, type BookedOrder } from '../../src/domain';
import type { Db } from '../db/database';
import { AppError, notFound } from '../errors';
import { specialDayView, type SpecialDayView } from '../ecommerce/catalog';
import { DatedAdminService, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';

export interface SpecialDayForm {
  date_from: string;
  date_until: string;
  closed: boolean;
  first_slot: string | null;
  last_slot: string | null;
  message: string | null;
  /** the owner has seen the booked orders the day touches */
  confirm?: boolean;
}

/** At most two months in one special day: longer closures are more days. */
const MAX_DAYS = 62;

/** 'Ci sono 3 ordini per il 24/12: restano validi, avvisa i clienti.' */
export function bookedOrdersMessage(orders: BookedOrder[]): string {
  const days = [...new Set(orders.map((o) => formatShopDate(o.date).slice(0, 5)))].join(', ');
  return orders.length === 1
    ? `C'è 1 ordine per il ${days}: resta valido, avvisa il cliente.`
    : `Ci sono ${orders.length} ordini per il ${days}: restano validi, avvisa i clienti.`;
}

/** 409 `schedule.orders_booked`: nothing is written until the owner confirms having seen the orders. */
export const bookedOrdersConflict = (booked: BookedOrder[]) =>
  new AppError('conflict', bookedOrdersMessage(booked), {
    code: 'schedule.orders_booked',
    extra: { orders: booked.map((o) => ({ id: o.id, order_num: o.orderNum, delivery_date: o.date, delivery_time: o.time, name: o.name })) },
  });

const auditView = (d: SpecialDayForm) => ({
  date_from: d.date_from,
  date_until: d.date_until,
  closed: d.closed,
  first_slot: d.closed ? null : d.first_slot,
  last_slot: d.closed ? null : d.last_slot,
  message: d.message,
});

/** Holidays and short days: they beat the weekly hours; orders already booked stay valid. */
export class SpecialDaysService extends DatedAdminService {
  /** From today on, by first date. */
  async list(db: Db | Tx = this.db): Promise<SpecialDayView[]> {
    const rows = await db.selectFrom('special_days').selectAll().where('date_until', '>=', this.today()).orderBy('date_from').execute();
    return rows.map(specialDayView);
  }

  private checked(form: SpecialDayForm) {
    const check = new FormCheck();
    const today = this.today();
    if (form.date_from < today) check.add('date_from', 'Dal non può essere un giorno passato.');
    if (form.date_until < form.date_from) check.add('date_until', 'Al non può precedere Dal.');
    else if (form.date_until > addDays(form.date_from, MAX_DAYS - 1))
      check.add('date_until', `Al non può superare ${MAX_DAYS} giorni da Dal.`);
    const message = check.text('message', 'Messaggio', form.message, { max: 300 }) || null;
    if (!form.closed) {
      if (!form.first_slot) check.add('first_slot', 'Primo orario è obbligatorio.');
      else if (!isOnSlotGrid(form.first_slot)) check.add('first_slot', 'Primo orario deve essere un quarto d’ora (es. 18:00, 18:15).');
      if (!form.last_slot) check.add('last_slot', 'Ultimo orario è obbligatorio.');
      else if (!isOnSlotGrid(form.last_slot)) check.add('last_slot', 'Ultimo orario deve essere un quarto d’ora (es. 22:00, 22:15).');
      else if (form.first_slot && isOnSlotGrid(form.first_slot) && toMinutes(form.last_slot) < toMinutes(form.first_slot)) {
        check.add('last_slot', 'Ultimo orario non può precedere il primo.');
      }
    }
    check.throwIfAny();
    return { ...form, message };
  }

  /** Orders (not cancelled) the day closes or leaves outside its hours. */
  private async booked(tx: Tx, form: SpecialDayForm): Promise<BookedOrder[]> {
    const rows = await tx
      .selectFrom('orders')
      .select(['id', 'order_num', 'delivery_date', 'delivery_time', 'name'])
      .where('delivery_date', '>=', form.date_from)
      .where('delivery_date', '<=', form.date_until)
      .where('status', '!=', ORDER_STATUS.cancelled)
      .orderBy('delivery_date')
      .orderBy('delivery_time')
      .execute();
    return rows
      .filter(
        (o) =>
          form.closed ||
          toMinutes(o.delivery_time) < toMinutes(form.first_slot!) ||
          toMinutes(o.delivery_time) > toMinutes(form.last_slot!) + 14,
      )
      .map((o) => ({ id: o.id, orderNum: o.order_num, date: o.delivery_date, time: o.delivery_time, name: o.name }));
  }

  /**
   * Adds a special day. When orders are booked on what it closes, nothing is written until the owner
   * confirms having seen them (409 `schedule.orders_booked` listing them); the orders are never cancelled.
   */
  async create(editor: Editor, input: SpecialDayForm): Promise<SpecialDayView> {
    const form = this.checked(input);
    return this.changes.change(editor, async ({ tx, audit, at }) => {
      const booked = await this.booked(tx, form);
      if (booked.length > 0 && !form.confirm) throw bookedOrdersConflict(booked);
      const { id } = await tx
        .insertInto('special_days')
        .values({
          date_from: form.date_from,
          date_until: form.date_until,
          closed: form.closed ? 1 : 0,
          first_slot: form.closed ? null : form.first_slot,
          last_slot: form.closed ? null : form.last_slot,
          message: form.message,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit({ entity: 'special_day', entityId: id, action: 'create', label: labelOf(form), after: auditView(form) });
      return specialDayView(await tx.selectFrom('special_days').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    });
  }

  /** Removes a special day: the weekly hours apply again. */
  async remove(editor: Editor, id: number, version: number): Promise<void> {
    await this.changes.change(editor, async ({ tx, audit, claim }) => {
      const row = await tx.selectFrom('special_days').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Giorno speciale non trovato.');
      await claim('special_days', id, version, async () => specialDayView(row));
      await tx.deleteFrom('special_days').where('id', '=', id).execute();
      const form = { ...row, closed: row.closed === 1 };
      await audit({ entity: 'special_day', entityId: id, action: 'delete', label: labelOf(form), before: auditView(form) });
    });
  }
}

/** '24/12/2026 – 26/12/2026' or '24/12/2026' */
function labelOf(form: Pick<SpecialDayForm, 'date_from' | 'date_until'>): string {
  return form.date_from === form.date_until
    ? formatShopDate(form.date_from)
    : `${formatShopDate(form.date_from)} – ${formatShopDate(form.date_until)}`;
}
