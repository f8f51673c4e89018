import { describe, expect, it } from 'vitest';
import { changeOnPrevious } from '../../src/domain';

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
