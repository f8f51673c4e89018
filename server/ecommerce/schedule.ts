import { shopLocalTime, SLOT_REQUIRED, slotRange, toMinutes, type ShopLocalTime } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { CatalogService } from './catalog';

const WEEKDAY_NAMES = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

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
}

/** Opening hours, closed days and slot capacity, all from settings, read against the injected clock. */
export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {}

  private async hours(): Promise<Hours> {
    const { settings } = await this.catalog.snapshot();
    return {
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

  /** "domani" or the weekday name of the next day the shop opens. */
  private nextOpening(hours: Hours, from: ShopLocalTime): string {
    for (let ahead = 1; ahead <= 7; ahead++) {
      const weekday = (from.weekday + ahead) % 7;
      if (!hours.closedWeekdays.includes(weekday)) return ahead === 1 ? 'domani' : WEEKDAY_NAMES[weekday]!;
    }
    return 'presto';
  }

  private statusFor(hours: Hours, now: ShopLocalTime): ShopStatus {
    if (hours.manualClose) {
      return { closed: true, clientMessage: hours.manualMessage || 'Al momento non accettiamo ordini online. Ci scusiamo per il disagio.' };
    }
    const back = `Ti aspettiamo ${this.nextOpening(hours, now)} dalle ${hours.opening}.`;
    if (hours.closedWeekdays.includes(now.weekday)) {
      return { closed: true, clientMessage: `Oggi siamo chiusi. ${back}` };
    }
    if (now.minutes + hours.leadMinutes > toMinutes(hours.lastSlot)) {
      return { closed: true, clientMessage: `Per oggi gli ordini online sono chiusi. ${back}` };
    }
    return { closed: false, clientMessage: null };
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
      timeslots: slotRange(hours.opening, hours.lastSlot).map((time) => {
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
    if (!slotRange(hours.opening, hours.lastSlot).includes(time)) return SLOT_REQUIRED;
    if (toMinutes(time) < now.minutes + hours.leadMinutes) return "La fascia oraria scelta non è più disponibile: scegline un'altra.";
    return null;
  }

  async capacity(): Promise<number> {
    return (await this.hours()).capacity;
  }
}
