import {
  addDays,
  isOnSlotGrid,
  LEAD_MINUTES_RANGE,
  ORDER_STATUS,
  parseWeeklyHours,
  SERVICE_LABELS,
  SERVICES,
  servesAt,
  SLOT_CAPACITY_RANGE,
  SLOT_MINUTES,
  toMinutes,
  weekdayOf,
  WEEKDAY_LABELS,
  type BookedOrder,
  type DayHours,
  type WeeklyHours,
} from '../../src/domain';
import type { Db } from '../db/database';
import { changedFields, DatedAdminService, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';
import { groupVersion, storedSettings, writeSettings } from './settings';
import { bookedOrdersConflict } from './special-days.service';

/** A window as typed: both times empty means no service. */
interface WindowInput {
  first: string;
  last: string;
}

export interface HoursForm {
  version: number;
  week: { lunch: WindowInput; dinner: WindowInput }[];
  slot_capacity: string;
  lead_minutes: string;
  dough_choice: boolean;
  /** the owner has seen the booked orders the new hours leave out */
  confirm?: boolean;
}

export interface WeeklyHoursView {
  version: number;
  week: WeeklyHours;
  slotCapacity: number;
  leadMinutes: number;
  doughChoice: boolean;
}

export interface OnlineOrderingForm {
  version: number;
  closed: boolean;
  message: string;
  until_tomorrow: boolean;
}

export interface OnlineOrderingView {
  version: number;
  closed: boolean;
  message: string;
  /** the day online orders open again by themselves, or null when only a person reopens them */
  until: string | null;
}

const GRID_HINT = 'Usa un quarto d’ora, ad esempio 18:00 o 18:15.';

/** A whole number typed in a field, within its range, or null. */
const wholeNumber = (text: string, range: { min: number; max: number }): number | null => {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= range.min && n <= range.max ? n : null;
};

/** The register's view of the weekly hours: one readable line per weekday. */
const describeDay = (day: DayHours) =>
  SERVICES.map((s) => (day[s] ? `${SERVICE_LABELS[s].toLowerCase()} ${day[s].first}–${day[s].last}` : null))
    .filter(Boolean)
    .join(', ') || 'chiuso';

const hoursAudit = (view: Omit<WeeklyHoursView, 'version'>) => ({
  ...Object.fromEntries(view.week.map((day, weekday) => [WEEKDAY_LABELS[weekday]!.toLowerCase(), describeDay(day)])),
  pizze_per_fascia: view.slotCapacity,
  minuti_di_preavviso: view.leadMinutes,
  scelta_impasto: view.doughChoice,
});

/** The weekly hours, the oven's pace and the online switch: the settings the back office's 'Orari' edits. */
export class HoursService extends DatedAdminService {
  async weekly(db: Db | Tx = this.db): Promise<WeeklyHoursView> {
    const settings = await storedSettings(db);
    return {
      version: await groupVersion('hours', db),
      week: parseWeeklyHours(settings.weekly_hours),
      slotCapacity: Number.parseInt(settings.slot_capacity ?? '', 10) || 0,
      leadMinutes: Number.parseInt(settings.lead_minutes ?? '', 10) || 0,
      doughChoice: settings.ecommerce_variants === 'yes',
    };
  }

  async onlineOrdering(db: Db | Tx = this.db): Promise<OnlineOrderingView> {
    const settings = await storedSettings(db);
    const until = settings.shop_closed_until || null;
    return {
      version: await groupVersion('online_ordering', db),
      closed: settings.shop_closed === '1' && !(until && this.today() >= until),
      message: settings.closed_message ?? '',
      until,
    };
  }

  private checked(form: HoursForm): Omit<WeeklyHoursView, 'version'> {
    const check = new FormCheck();
    const week = WEEKDAY_LABELS.map((_, weekday): DayHours => {
      const typed = form.week[weekday];
      const day: DayHours = { lunch: null, dinner: null };
      for (const service of SERVICES) {
        const field = `week.${weekday}.${service}`;
        const first = (typed?.[service]?.first ?? '').trim();
        const last = (typed?.[service]?.last ?? '').trim();
        if (first === '' && last === '') continue;
        if (first === '') check.add(`${field}.first`, 'Indica anche il primo orario.');
        else if (!isOnSlotGrid(first)) check.add(`${field}.first`, GRID_HINT);
        if (last === '') check.add(`${field}.last`, 'Indica anche l’ultimo orario.');
        else if (!isOnSlotGrid(last)) check.add(`${field}.last`, GRID_HINT);
        else if (isOnSlotGrid(first) && toMinutes(last) < toMinutes(first)) {
          check.add(`${field}.last`, 'L’ultimo orario non può precedere il primo.');
        }
        if (!check.has(`${field}.first`) && !check.has(`${field}.last`)) day[service] = { first, last };
      }
      if (day.lunch && day.dinner && toMinutes(day.dinner.first) < toMinutes(day.lunch.last) + SLOT_MINUTES) {
        check.add(`week.${weekday}.dinner.first`, 'La cena deve iniziare dopo l’ultimo orario del pranzo.');
      }
      return day;
    });
    const slotCapacity = wholeNumber(form.slot_capacity, SLOT_CAPACITY_RANGE);
    if (slotCapacity === null) {
      check.add('slot_capacity', `Pizze per fascia deve essere un numero da ${SLOT_CAPACITY_RANGE.min} a ${SLOT_CAPACITY_RANGE.max}.`);
    }
    const leadMinutes = wholeNumber(form.lead_minutes, LEAD_MINUTES_RANGE);
    if (leadMinutes === null) {
      check.add('lead_minutes', `Minuti di preavviso deve essere un numero da ${LEAD_MINUTES_RANGE.min} a ${LEAD_MINUTES_RANGE.max}.`);
    }
    check.throwIfAny();
    return { week, slotCapacity: slotCapacity!, leadMinutes: leadMinutes!, doughChoice: form.dough_choice };
  }

  /** Orders from today on that the old hours served and the new ones leave out (special days rule their own dates). */
  private async leftOut(tx: Tx, before: WeeklyHours, after: WeeklyHours): Promise<BookedOrder[]> {
    const today = this.today();
    const special = await tx.selectFrom('special_days').select(['date_from', 'date_until']).where('date_until', '>=', today).execute();
    const rows = await tx
      .selectFrom('orders')
      .select(['id', 'order_num', 'delivery_date', 'delivery_time', 'name'])
      .where('delivery_date', '>=', today)
      .where('status', '!=', ORDER_STATUS.cancelled)
      .orderBy('delivery_date')
      .orderBy('delivery_time')
      .execute();
    return rows
      .filter((o) => !special.some((d) => d.date_from <= o.delivery_date && o.delivery_date <= d.date_until))
      .filter((o) => {
        const weekday = weekdayOf(o.delivery_date);
        return servesAt(before[weekday]!, o.delivery_time) && !servesAt(after[weekday]!, o.delivery_time);
      })
      .map((o) => ({ id: o.id, orderNum: o.order_num, date: o.delivery_date, time: o.delivery_time, name: o.name }));
  }

  /**
   * Saves the weekly hours. Orders booked in what they close stay valid: nothing is written until the
   * owner confirms having seen them (409 `schedule.orders_booked`).
   */
  async updateWeekly(editor: Editor, form: HoursForm): Promise<WeeklyHoursView> {
    const next = this.checked(form);
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const before = await this.weekly(tx);
      await claim('setting_groups', 'hours', form.version, () => this.weekly(tx));
      const booked = await this.leftOut(tx, before.week, next.week);
      if (booked.length > 0 && !form.confirm) throw bookedOrdersConflict(booked);
      await writeSettings(tx, {
        weekly_hours: JSON.stringify(next.week),
        slot_capacity: String(next.slotCapacity),
        lead_minutes: String(next.leadMinutes),
        ecommerce_variants: next.doughChoice ? 'yes' : 'no',
      });
      const diff = changedFields(hoursAudit(before), hoursAudit(next));
      if (diff) await audit({ entity: 'settings', entityId: 'hours', action: 'update', label: 'Orari della settimana', ...diff });
      return this.weekly(tx);
    });
  }

  /** 'Ordini online chiusi': closes or reopens online ordering, until reopened or until tomorrow. */
  async setOnlineOrdering(editor: Editor, form: OnlineOrderingForm): Promise<OnlineOrderingView> {
    const check = new FormCheck();
    const message = check.text('message', 'Messaggio', form.message, { max: 300 });
    check.throwIfAny();
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const before = await this.onlineOrdering(tx);
      await claim('setting_groups', 'online_ordering', form.version, () => this.onlineOrdering(tx));
      await writeSettings(tx, {
        shop_closed: form.closed ? '1' : '0',
        closed_message: message,
        shop_closed_until: form.closed && form.until_tomorrow ? addDays(this.today(), 1) : '',
      });
      const after = await this.onlineOrdering(tx);
      const view = (v: OnlineOrderingView) => ({ chiusi: v.closed, messaggio: v.message, fino_al: v.until });
      const diff = changedFields(view(before), view(after));
      if (diff) await audit({ entity: 'settings', entityId: 'online_ordering', action: 'update', label: 'Ordini online', ...diff });
      return after;
    });
  }
}
