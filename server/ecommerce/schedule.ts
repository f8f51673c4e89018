import {
  addDays,
  daySlots,
  parseWeeklyHours,
  shopLocalTime,
  SLOT_REQUIRED,
  toMinutes,
  weekdayOf,
  windowsOf,
  type DayHours,
  type ShopLocalTime,
  type WeeklyHours,
} from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { CatalogService, CatalogSnapshot, SpecialDayView } from './catalog';

const WEEKDAY_NAMES = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

/** '2026-12-27' → '27/12' */
const formatDayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export interface ShopStatus {
  closed: boolean;
  clientMessage: string | null;
}

export interface Timeslot {
  time: string;
  hour: number;
  minute: number;
  available: boolean;
}

interface Hours {
  week: WeeklyHours;
  capacity: number;
  leadMinutes: number;
  manualClose: boolean;
  manualMessage: string;
  specialDays: SpecialDayView[];
}

/** One day's service: closed (and why), or its windows; `special` when a special day set it. */
type DayService = { special: boolean; message: string | null } & ({ closed: true } | { closed: false; hours: DayHours });

/** What the cassa's strip follows for a date: that day's slots, and whether a special day set them. */
export interface CassaDayService {
  slots: string[];
  special: boolean;
  /** 'Chiuso: Natale' for a day the owner closed as a special day */
  closedNotice: string | null;
}

/** What the cassa says of a day the owner closed as a special day: 'Chiuso: Natale'. */
export const closedDayNotice = (message: string | null) => (message ? `Chiuso: ${message}` : 'Chiuso');

/** Opening hours, closed days and slot capacity, all from settings, read against the injected clock. */
export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {}

  // The weekly hours are JSON in settings: parsed once per catalogue snapshot, not on every menu or slot request.
  private readonly weeks = new WeakMap<CatalogSnapshot, WeeklyHours>();

  private async hours(): Promise<Hours> {
    const snapshot = await this.catalog.snapshot();
    const { settings, specialDays } = snapshot;
    let week = this.weeks.get(snapshot);
    if (!week) {
      week = parseWeeklyHours(settings.weekly_hours);
      this.weeks.set(snapshot, week);
    }
    return {
      specialDays,
      week,
      capacity: Number.parseInt(settings.slot_capacity!, 10) || 0,
      leadMinutes: Number.parseInt(settings.lead_minutes!, 10) || 0,
      // Closed by hand until reopened, or until the shop-local day `shop_closed_until` begins.
      manualClose: settings.shop_closed === '1' && !(settings.shop_closed_until && this.today().date >= settings.shop_closed_until),
      manualMessage: settings.closed_message ?? '',
    };
  }

  today(): ShopLocalTime {
    return shopLocalTime(this.clock.now());
  }

  /** A day's service: a special day beats the weekly hours. */
  private dayService(hours: Hours, date: string, weekday: number): DayService {
    const special = hours.specialDays.find((d) => d.dateFrom <= date && date <= d.dateUntil);
    if (special?.closed) return { closed: true, special: true, message: special.message };
    if (special?.firstSlot && special.lastSlot) {
      return {
        closed: false,
        special: true,
        hours: { lunch: null, dinner: { first: special.firstSlot, last: special.lastSlot } },
        message: special.message,
      };
    }
    const week = hours.week[weekday]!;
    if (windowsOf(week).length === 0) return { closed: true, special: false, message: null };
    return { closed: false, special: false, hours: week, message: null };
  }

  /** 'Ti aspettiamo domani dalle 18:00.': the next day the shop serves, within two months. */
  private backOn(hours: Hours, from: ShopLocalTime): string {
    for (let ahead = 1; ahead <= 62; ahead++) {
      const weekday = (from.weekday + ahead) % 7;
      const day = this.dayService(hours, addDays(from.date, ahead), weekday);
      if (!day.closed) {
        const when =
          ahead === 1
            ? 'domani'
            : ahead < 7
              ? WEEKDAY_NAMES[weekday]!
              : `${WEEKDAY_NAMES[weekday]!} ${formatDayMonth(addDays(from.date, ahead))}`;
        return `Ti aspettiamo ${when} dalle ${windowsOf(day.hours)[0]!.first}.`;
      }
    }
    return 'Ti aspettiamo presto.';
  }

  private statusFor(hours: Hours, now: ShopLocalTime): ShopStatus {
    if (hours.manualClose) {
      return { closed: true, clientMessage: hours.manualMessage || 'Al momento non accettiamo ordini online. Ci scusiamo per il disagio.' };
    }
    const today = this.dayService(hours, now.date, now.weekday);
    const why = today.message ? `${today.message} ` : '';
    if (today.closed) return { closed: true, clientMessage: `Oggi siamo chiusi. ${why}${this.backOn(hours, now)}` };
    if (now.minutes + hours.leadMinutes > toMinutes(windowsOf(today.hours).at(-1)!.last)) {
      return { closed: true, clientMessage: `Per oggi gli ordini online sono chiusi. ${this.backOn(hours, now)}` };
    }
    return { closed: false, clientMessage: null };
  }

  /** Today's slots: the weekly hours', or a special day's own; a closed day has none. */
  private todaysSlots(hours: Hours, now: ShopLocalTime): string[] {
    const today = this.dayService(hours, now.date, now.weekday);
    return today.closed ? [] : daySlots(today.hours);
  }

  /** A date's service as the cassa's strip shows it: its slots, none when it is closed. */
  async cassaDay(date: string): Promise<CassaDayService> {
    const day = this.dayService(await this.hours(), date, weekdayOf(date));
    const closedNotice = day.closed && day.special ? closedDayNotice(day.message) : null;
    return { slots: day.closed ? [] : daySlots(day.hours), special: day.special, closedNotice };
  }

  async shopStatus(): Promise<ShopStatus> {
    return this.statusFor(await this.hours(), this.today());
  }

  /** Oven items already booked per 15-minute slot of a day (cancelled orders excluded): the stored slot load. */
  async ovenLoad(date: string): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('slot_locks').select(['delivery_time', 'oven_items']).where('delivery_date', '=', date).execute();
    return new Map(rows.map((row) => [row.delivery_time, row.oven_items]));
  }

  async timeslots(): Promise<{ date: string; timeslots: Timeslot[] }> {
    const hours = await this.hours();
    const now = this.today();
    const status = this.statusFor(hours, now);
    const load = await this.ovenLoad(now.date);
    const earliest = now.minutes + hours.leadMinutes;
    return {
      date: now.date,
      timeslots: this.todaysSlots(hours, now).map((time) => {
        const minutes = toMinutes(time);
        return {
          time,
          hour: Math.floor(minutes / 60),
          minute: minutes % 60,
          available: !status.closed && minutes >= earliest && (load.get(time) ?? 0) < hours.capacity,
        };
      }),
    };
  }

  /** Why a customer cannot order for `time` today (not a slot, past, closed), or null. */
  async slotProblem(time: string): Promise<string | null> {
    const hours = await this.hours();
    const now = this.today();
    const status = this.statusFor(hours, now);
    if (status.closed) return status.clientMessage;
    if (!this.todaysSlots(hours, now).includes(time)) return SLOT_REQUIRED;
    if (toMinutes(time) < now.minutes + hours.leadMinutes) return "La fascia oraria scelta non è più disponibile: scegline un'altra.";
    return null;
  }

  async capacity(): Promise<number> {
    return (await this.hours()).capacity;
  }
}
