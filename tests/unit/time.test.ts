import { describe, expect, it } from 'vitest';
import { formatShopDate, shopClock, shopLocalTime, shopNow } from '../../src/domain/time';

const at = (iso: string) => new Date(iso);

describe("the shop's time (Europe/Rome), whatever the computer's zone", () => {
  it('reads the date and time of an instant in winter (UTC+1) and summer (UTC+2)', () => {
    expect(shopNow(at('2026-11-18T18:02:00Z'))).toEqual({ date: '2026-11-18', time: '19:02' });
    expect(shopNow(at('2026-07-01T17:30:00Z'))).toEqual({ date: '2026-07-01', time: '19:30' });
    // Past midnight in Rome while still the day before in UTC.
    expect(shopNow(at('2026-11-18T23:30:00Z'))).toEqual({ date: '2026-11-19', time: '00:30' });
    expect(shopLocalTime(at('2026-11-18T18:02:00Z'))).toEqual({ date: '2026-11-18', minutes: 19 * 60 + 2, weekday: 3 });
  });

  it('springs forward on the last Sunday of March: 02:00 becomes 03:00', () => {
    expect(shopNow(at('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(shopNow(at('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '03:00' });
  });

  it('falls back on the last Sunday of October: 03:00 becomes 02:00 again', () => {
    expect(shopNow(at('2026-10-25T00:59:00Z'))).toEqual({ date: '2026-10-25', time: '02:59' });
    expect(shopNow(at('2026-10-25T01:00:00Z'))).toEqual({ date: '2026-10-25', time: '02:00' });
  });

  it("keeps the server's clock running on the computer's, its error taken out, across a change of summer time", () => {
    let computer = Date.parse('2026-03-29T00:30:00Z') + 7 * 60_000; // 7 minutes fast
    const now = shopClock({ date: '2026-03-29', time: '01:30' }, () => computer);
    expect(now()).toEqual({ date: '2026-03-29', time: '01:30' });
    computer += 60 * 60_000;
    // One hour later the shop's wall clock reads 03:30, not 02:30 (an hour that does not exist).
    expect(now()).toEqual({ date: '2026-03-29', time: '03:30' });
  });

  it('writes a calendar date the Italian way', () => {
    expect(formatShopDate('2026-11-18')).toBe('18/11/2026');
    expect(formatShopDate('2026-11-18T19:30')).toBe('18/11/2026');
  });
});
