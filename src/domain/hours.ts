import { fromMinutes, isOnSlotGrid, SLOT_MINUTES, slotRange, toMinutes } from './slots';

/** A service window: its first and last slot on the 15-minute grid, last included. */
export interface ServiceWindow {
  first: string;
  last: string;
}

/** One weekday's service: lunch and dinner, either absent. Both absent is a closed day. */
export interface DayHours {
  lunch: ServiceWindow | null;
  dinner: ServiceWindow | null;
}

/** Seven days, 0 Sunday … 6 Saturday, as `Date.getDay()` counts them. */
export type WeeklyHours = DayHours[];

export const WEEKDAY_LABELS = ['Domenica', 'Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato'] as const;
export const SERVICE_LABELS = { lunch: 'Pranzo', dinner: 'Cena' } as const;
export type Service = keyof typeof SERVICE_LABELS;
export const SERVICES = ['lunch', 'dinner'] as const satisfies readonly Service[];

export const SLOT_CAPACITY_RANGE = { min: 1, max: 200 } as const;
export const LEAD_MINUTES_RANGE = { min: 0, max: 240 } as const;

/** Dinner from 18:00 to the 22:00 slot, every day: the hours of a shop nobody has configured yet. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = Array.from({ length: 7 }, () => ({
  lunch: null,
  dinner: { first: '18:00', last: '22:00' },
}));

/** A day's windows in service order. */
export const windowsOf = (day: DayHours): ServiceWindow[] => [day.lunch, day.dinner].filter((w): w is ServiceWindow => w !== null);

/** Every slot a day serves, lunch then dinner. */
export const daySlots = (day: DayHours): string[] => windowsOf(day).flatMap((w) => slotRange(w.first, w.last));

export const isClosedDay = (day: DayHours): boolean => windowsOf(day).length === 0;

/** Whether `time` (any minute) falls inside one of the day's windows, the last slot's quarter included. */
export const servesAt = (day: DayHours, time: string): boolean =>
  windowsOf(day).some((w) => toMinutes(time) >= toMinutes(w.first) && toMinutes(time) < toMinutes(w.last) + SLOT_MINUTES);

/** The earliest first slot and latest last slot of the week: what the legal page and the site name as hours. */
export function weekSpan(week: WeeklyHours): ServiceWindow | null {
  const windows = week.flatMap(windowsOf);
  if (windows.length === 0) return null;
  return {
    first: fromMinutes(Math.min(...windows.map((w) => toMinutes(w.first)))),
    last: fromMinutes(Math.max(...windows.map((w) => toMinutes(w.last)))),
  };
}

const isWindow = (value: unknown): value is ServiceWindow =>
  typeof value === 'object' &&
  value !== null &&
  isOnSlotGrid(String((value as ServiceWindow).first)) &&
  isOnSlotGrid(String((value as ServiceWindow).last));

/** The stored setting (JSON) read defensively: anything unreadable is the default. */
export function parseWeeklyHours(stored: string | undefined): WeeklyHours {
  try {
    const parsed: unknown = JSON.parse(stored ?? '');
    if (!Array.isArray(parsed) || parsed.length !== 7) return DEFAULT_WEEKLY_HOURS;
    return parsed.map((day: Partial<DayHours> | null) => ({
      lunch: isWindow(day?.lunch) ? { first: day.lunch.first, last: day.lunch.last } : null,
      dinner: isWindow(day?.dinner) ? { first: day.dinner.first, last: day.dinner.last } : null,
    }));
  } catch {
    return DEFAULT_WEEKLY_HOURS;
  }
}

/** The week as an Italian reader counts it, Monday first. */
const ITALIAN_WEEK = [1, 2, 3, 4, 5, 6, 0];
/** A weekday's place in that week: Monday 0 … Sunday 6. */
const placeInWeek = (weekday: number) => (weekday + 6) % 7;

const dayName = (weekday: number) => WEEKDAY_LABELS[weekday]!.toLowerCase();
const withArticle = (weekday: number) => `${weekday === 0 ? 'la' : 'il'} ${dayName(weekday)}`;

const listed = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`);

/** Some weekdays in words: runs of three or more as 'dal martedì alla domenica', single days as `single` names them. */
function daysInWords(weekdays: number[], single: (weekday: number) => string): string {
  if (weekdays.length === 7) return 'tutti i giorni';
  const runs: number[][] = [];
  for (const weekday of ITALIAN_WEEK.filter((d) => weekdays.includes(d))) {
    const run = runs.at(-1);
    if (run && placeInWeek(run.at(-1)!) + 1 === placeInWeek(weekday)) run.push(weekday);
    else runs.push([weekday]);
  }
  return listed(
    runs.flatMap((run) =>
      run.length < 3 ? run.map(single) : [`dal ${dayName(run[0]!)} ${run.at(-1) === 0 ? 'alla' : 'al'} ${dayName(run.at(-1)!)}`],
    ),
  );
}

/** The days serving `service`, grouped by window, in the order of the week. */
function daysByWindow(week: WeeklyHours, service: Service): { window: string; weekdays: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const weekday of ITALIAN_WEEK) {
    const w = week[weekday]![service];
    if (w) groups.set(`${w.first}–${w.last}`, [...(groups.get(`${w.first}–${w.last}`) ?? []), weekday]);
  }
  return [...groups].map(([window, weekdays]) => ({ window, weekdays }));
}

/**
 * The opening hours as the home page tells them: the service most days offer first, the other as
 * 'anche a pranzo' (or 'solo a cena') on its days, then the closed days. E.g. 'Siamo aperti dal martedì
 * alla domenica, 19:00–23:00; giovedì anche a pranzo, 12:00–14:30. Siamo chiusi il lunedì.'
 */
export function openingHoursText(week: WeeklyHours): string {
  const count = (service: Service) => week.filter((day) => day[service]).length;
  if (count('lunch') + count('dinner') === 0) return 'Al momento non abbiamo giorni di apertura.';
  const [main, other] = count('dinner') >= count('lunch') ? (['dinner', 'lunch'] as const) : (['lunch', 'dinner'] as const);
  const otherMeal = other === 'lunch' ? 'a pranzo' : 'a cena';
  const clauses = [
    ...daysByWindow(week, main).map((g) => `${daysInWords(g.weekdays, dayName)}, ${g.window}`),
    ...daysByWindow(week, other).flatMap((g) =>
      [true, false].map((alsoMain) => {
        const weekdays = g.weekdays.filter((d) => Boolean(week[d]![main]) === alsoMain);
        return weekdays.length ? `${daysInWords(weekdays, dayName)} ${alsoMain ? 'anche' : 'solo'} ${otherMeal}, ${g.window}` : '';
      }),
    ),
  ].filter(Boolean);
  const closed = ITALIAN_WEEK.filter((d) => isClosedDay(week[d]!));
  return `Siamo aperti ${clauses.join('; ')}.${closed.length ? ` Siamo chiusi ${daysInWords(closed, withArticle)}.` : ''}`;
}
