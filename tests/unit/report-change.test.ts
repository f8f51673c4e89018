import { describe, expect, it } from 'vitest';
import { changeOnPrevious, shiftPeriod } from '../../src/domain';

describe('a figure beside the previous period', () => {
  it('says the change in whole percent, with the period it compares to', () => {
    expect(changeOnPrevious(1120, 1000, 'month')).toBe('+12 % sul mese precedente');
    expect(changeOnPrevious(97, 100, 'week')).toBe('−3 % sulla settimana precedente');
    expect(changeOnPrevious(150, 100, 'year')).toBe("+50 % sull'anno precedente");
    expect(changeOnPrevious(10, 10, 'range')).toBe('0 % sul periodo precedente');
  });

  it('rounds to the unit and keeps a fall to 0 as −100 %', () => {
    expect(changeOnPrevious(1004, 1000, 'month')).toBe('0 % sul mese precedente');
    expect(changeOnPrevious(1006, 1000, 'month')).toBe('+1 % sul mese precedente');
    expect(changeOnPrevious(0, 250, 'week')).toBe('−100 % sulla settimana precedente');
  });

  it('gives no percentage when the previous period had nothing', () => {
    expect(changeOnPrevious(500, 0, 'month')).toBeNull();
    expect(changeOnPrevious(0, 0, 'month')).toBeNull();
  });
});

describe('the period before and after', () => {
  it('moves a week, a month or a year to the one beside it, across a year and February', () => {
    expect(shiftPeriod('week', { from: '2026-03-23', to: '2026-03-29' }, 1)).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(shiftPeriod('month', { from: '2026-03-01', to: '2026-03-31' }, -1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shiftPeriod('month', { from: '2026-12-01', to: '2026-12-31' }, 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(shiftPeriod('year', { from: '2026-01-01', to: '2026-12-31' }, -1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('moves days from–to by as many days', () => {
    expect(shiftPeriod('range', { from: '2026-11-10', to: '2026-11-19' }, -1)).toEqual({ from: '2026-10-31', to: '2026-11-09' });
    expect(shiftPeriod('range', { from: '2026-11-10', to: '2026-11-19' }, 1)).toEqual({ from: '2026-11-20', to: '2026-11-29' });
  });
});
