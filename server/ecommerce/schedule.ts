import { addDays, shopLocalTime, SLOT_REQUIRED, slotRange, toMinutes, type ShopLocalTime } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { CatalogService, SpecialDayView } from './catalog';

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
  opening: string;
  lastSlot: string;
  closedWeekdays: number[];
  capacity: number;
  leadMinutes: number;
  manualClose: boolean;
  manualMessage: string;
  specialDays: SpecialDayView[];
}

/** One day's service: closed (and why), or its first and last slot. */
type DayService = { closed: true; message: string | null } | { closed: false; opening: string; lastSlot: string; message: string | null };

/** Opening hours, closed days and slot capacity, all from settings, read against the injected clock. */
export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {}

  private async hours(): Promise<Hours> {
    const { settings, specialDays } = await this.catalog.snapshot();
    return {
      specialDays,
      opening: settings.opening_time!,
      lastSlot: settings.last_slot_time!,
      closedWeekdays: settings
        .closed_weekdays!.split(',')
        .map((d) => Number.parseInt(d, 10))
        .filter((d) => d >= 0 && d <= 6),
      capacity: Number.parseInt(settings.slot_capacity!, 10) || 0,
      leadMinutes: Number.parseInt(settings.lead_minutes!, 10) || 0,
      manualClose: settings.shop_closed === '1',
      manualMessage: settings.closed_message ?? '',
    };
  }

  today(): ShopLocalTime {
    return shopLocalTime(this.clock.now());
  }

  /** A day's service: a special day beats the weekly hours. */
  private dayService(hours: Hours, date: string, weekday: number): DayService {
    const special = hours.specialDays.find((d) => d.dateFrom <= date && date <= d.dateUntil);
    if (special?.closed) return { closed: true, message: special.message };
    if (special?.firstSlot && special.lastSlot) {
      return { closed: false, opening: special.firstSlot, lastSlot: special.lastSlot, message: special.message };
    }
    if (hours.closedWeekdays.includes(weekday)) return { closed: true, message: null };
    return { closed: false, opening: hours.opening, lastSlot: hours.lastSlot, message: null };
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
        return `Ti aspettiamo ${when} dalle ${day.opening}.`;
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
    if (now.minutes + hours.leadMinutes > toMinutes(today.lastSlot)) {
      return { closed: true, clientMessage: `Per oggi gli ordini online sono chiusi. ${this.backOn(hours, now)}` };
    }
    return { closed: false, clientMessage: null };
  }

  /** Today's first and last slot: the weekly hours, or a special day's own (a closed day keeps the weekly grid, all taken). */
  private todaysWindow(hours: Hours, now: ShopLocalTime): { opening: string; lastSlot: string } {
    const today = this.dayService(hours, now.date, now.weekday);
    return today.closed ? { opening: hours.opening, lastSlot: hours.lastSlot } : today;
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
    const window = this.todaysWindow(hours, now);
    return {
      date: now.date,
      timeslots: slotRange(window.opening, window.lastSlot).map((time) => {
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
    const window = this.todaysWindow(hours, now);
    if (!slotRange(window.opening, window.lastSlot).includes(time)) return SLOT_REQUIRED;
    if (toMinutes(time) < now.minutes + hours.leadMinutes) return "La fascia oraria scelta non è più disponibile: scegline un'altra.";
    return null;
  }

  async capacity(): Promise<number> {
    return (await this.hours()).capacity;
  }
}
