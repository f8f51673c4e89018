import { describe, expect, it } from 'vitest';
import {
  daySlots,
  DEFAULT_WEEKLY_HOURS,
  openingHoursText,
  parseWeeklyHours,
  servesAt,
  weekdayOf,
  weekSpan,
  type DayHours,
  type WeeklyHours,
} from '../../src/domain';

const lunchAndDinner: DayHours = { lunch: { first: '12:00', last: '14:00' }, dinner: { first: '19:00', last: '22:30' } };

describe('weekly hours', () => {
  it('a day serves its lunch then its dinner, the last slot included, nothing in between', () => {
    const slots = daySlots(lunchAndDinner);
    expect(slots.slice(0, 2)).toEqual(['12:00', '12:15']);
    expect(slots).toContain('14:00');
    expect(slots).not.toContain('14:15');
    expect(slots.at(-1)).toBe('22:30');
    expect(slots).toHaveLength(9 + 15);
  });

  it('an order at 22:40 is inside the 22:30 slot; 22:45 and 16:00 are outside', () => {
    expect(servesAt(lunchAndDinner, '22:40')).toBe(true);
    expect(servesAt(lunchAndDinner, '22:45')).toBe(false);
    expect(servesAt(lunchAndDinner, '16:00')).toBe(false);
    expect(servesAt({ lunch: null, dinner: null }, '20:00')).toBe(false);
  });

  it("the site's opening time and last slot are the week's earliest and latest", () => {
    const week = [...DEFAULT_WEEKLY_HOURS];
    week[6] = lunchAndDinner;
    expect(weekSpan(week)).toEqual({ first: '12:00', last: '22:30' });
    expect(weekSpan(Array.from({ length: 7 }, () => ({ lunch: null, dinner: null })))).toBeNull();
  });

  it('a stored value that is not seven days of grid times reads as the default, window by window', () => {
    expect(parseWeeklyHours('not json')).toBe(DEFAULT_WEEKLY_HOURS);
    expect(parseWeeklyHours('[]')).toBe(DEFAULT_WEEKLY_HOURS);
    expect(parseWeeklyHours(undefined)).toBe(DEFAULT_WEEKLY_HOURS);
    const stored = Array.from({ length: 7 }, () => ({
      lunch: { first: '12:07', last: '14:00' },
      dinner: { first: '18:00', last: '22:00' },
    }));
    expect(parseWeeklyHours(JSON.stringify(stored))[0]).toEqual({ lunch: null, dinner: { first: '18:00', last: '22:00' } });
  });

  it('weekdays of calendar dates, whatever the time zone', () => {
    expect(weekdayOf('2026-11-18')).toBe(3);
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2027-03-28')).toBe(0);
  });
});

describe('the opening hours in words', () => {
  const closed: DayHours = { lunch: null, dinner: null };
  const dinner: DayHours = { lunch: null, dinner: { first: '19:00', last: '23:00' } };
  const lunch = { first: '12:00', last: '14:30' };
  /** A week from Monday to Sunday, as the reader counts it. */
  const mondayFirst = (...days: DayHours[]): WeeklyHours => [days[6]!, ...days.slice(0, 6)];

  it('names the dinner days as a run, a lunch added on Thursday and the closed Monday', () => {
    const week = mondayFirst(closed, dinner, dinner, { ...dinner, lunch }, dinner, dinner, dinner);
    expect(openingHoursText(week)).toBe(
      'Siamo aperti dal martedì alla domenica, 19:00–23:00; giovedì anche a pranzo, 12:00–14:30. Siamo chiusi il lunedì.',
    );
  });

  it('says every day when the week has no closed day', () => {
    expect(openingHoursText(DEFAULT_WEEKLY_HOURS)).toBe('Siamo aperti tutti i giorni, 18:00–22:00.');
  });

  it('lists short runs by name, gives each window its days and the closed days their article', () => {
    const late: DayHours = { lunch: null, dinner: { first: '19:00', last: '23:30' } };
    const week = mondayFirst(dinner, dinner, closed, dinner, late, late, closed);
    expect(openingHoursText(week)).toBe(
      'Siamo aperti lunedì, martedì e giovedì, 19:00–23:00; venerdì e sabato, 19:00–23:30. Siamo chiusi il mercoledì e la domenica.',
    );
  });

  it('leads with lunch when most days serve it, and says which days serve only dinner', () => {
    const lunchOnly: DayHours = { lunch, dinner: null };
    const week = mondayFirst(lunchOnly, lunchOnly, lunchOnly, lunchOnly, { ...dinner, lunch }, dinner, closed);
    expect(openingHoursText(week)).toBe(
      'Siamo aperti dal lunedì al venerdì, 12:00–14:30; venerdì anche a cena, 19:00–23:00; sabato solo a cena, 19:00–23:00. Siamo chiusi la domenica.',
    );
  });

  it('says so when no day is open', () => {
    expect(openingHoursText(mondayFirst(closed, closed, closed, closed, closed, closed, closed))).toBe(
      'Al momento non abbiamo giorni di apertura.',
    );
  });
});
