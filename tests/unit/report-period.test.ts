import { afterAll, describe, expect, it } from 'vitest';
import { isReportDay, periodContaining, periodDays, periodLength, previousPeriod, validatePeriod } from '../../src/domain/reportPeriod';

const originalZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalZone;
});

// The computer's zone must never matter: Rome itself, UTC, and zones whose clocks jump at midnight or
// skipped a whole calendar day (Apia, 30 December 2011).
describe.each(['Europe/Rome', 'UTC', 'America/Santiago', 'Pacific/Apia'])('report periods on a computer in %s', (zone) => {
  it('counts each daylight-saving Sunday as one shop day (23 and 25 hours long)', () => {
    process.env.TZ = zone;
    expect(periodDays('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(periodDays('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(periodDays('2011-12-29', '2011-12-31')).toEqual(['2011-12-29', '2011-12-30', '2011-12-31']);
    expect(periodLength('2026-01-01', '2026-12-31')).toBe(365);
    expect(periodDays('2026-03-01', '2026-03-31')).toHaveLength(31);
  });

  it('finds the week from Monday, the month and the year holding a day', () => {
    process.env.TZ = zone;
    // 2026-03-29 is the Sunday clocks spring forward: the last day of its week.
    expect(periodContaining('week', '2026-03-29')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(periodContaining('week', '2026-10-26')).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    expect(periodContaining('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodContaining('year', '2026-10-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('puts the previous period of the same length right before, across months and years', () => {
    process.env.TZ = zone;
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2026-03-23', '2026-03-29')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(previousPeriod('2026-01-01', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(previousPeriod('2026-01-01', '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('validating the period the owner asks for', () => {
  it('accepts a real period of up to 3 years', () => {
    expect(validatePeriod('2026-11-01', '2026-11-30')).toEqual({});
    expect(validatePeriod('2026-11-01', '2026-11-01')).toEqual({});
    expect(validatePeriod('2024-02-29', '2027-02-28')).toEqual({});
    expect(validatePeriod('2023-01-01', '2026-01-01')).toEqual({});
  });

  it('names the field in Italian: malformed date, from after to, over 3 years', () => {
    expect(validatePeriod('2026-02-30', '2026-03-01')).toEqual({ from: 'La data deve essere nel formato aaaa-mm-gg.' });
    expect(validatePeriod('2026-11-01', '1/12/2026')).toEqual({ to: 'La data deve essere nel formato aaaa-mm-gg.' });
    expect(validatePeriod('2026-12-01', '2026-11-30')).toEqual({ from: 'La data di inizio deve precedere quella di fine.' });
    expect(validatePeriod('2023-01-01', '2026-01-02')).toEqual({ to: 'Il periodo può essere al massimo di 3 anni.' });
  });

  it('knows real calendar dates', () => {
    expect(isReportDay('2028-02-29')).toBe(true);
    expect(isReportDay('2026-02-29')).toBe(false);
    expect(isReportDay('2026-13-01')).toBe(false);
    expect(isReportDay('2026-1-01')).toBe(false);
    expect(isReportDay('')).toBe(false);
  });
});
