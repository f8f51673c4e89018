import { describe, expect, it } from 'vitest';
import {
  delayText,
  firstNameOf,
  isClosedProgress,
  isFollowable,
  ORDER_PROGRESS_LABELS,
  orderProgress,
  progressStep,
  promisedWindow,
  windowText,
  type DeliveryType,
  type OrderStatus,
} from '../../src/domain';

const label = (status: OrderStatus, delivered: 0 | 1, delivery: DeliveryType, dispatched: boolean) =>
  ORDER_PROGRESS_LABELS[orderProgress({ status, delivered, delivery, dispatchedAt: dispatched ? '2026-12-11T19:40:00Z' : null })];

describe('the progress rule, for every status, delivered flag, delivery and dispatch', () => {
  // [status, delivered, dispatched] → [delivery label, pickup label]
  const table: [OrderStatus, 0 | 1, boolean, string, string][] = [
    [0, 0, false, 'Ricevuto', 'Ricevuto'],
    [1, 0, false, 'In preparazione', 'In preparazione'],
    [2, 0, false, 'In preparazione', 'In preparazione'],
    [0, 0, true, 'In consegna', 'Pronto per il ritiro'],
    [1, 0, true, 'In consegna', 'Pronto per il ritiro'],
    [2, 0, true, 'In consegna', 'Pronto per il ritiro'],
    [0, 1, false, 'Consegnato', 'Ritirato'],
    [1, 1, false, 'Consegnato', 'Ritirato'],
    [2, 1, false, 'Consegnato', 'Ritirato'],
    [0, 1, true, 'Consegnato', 'Ritirato'],
    [1, 1, true, 'Consegnato', 'Ritirato'],
    [2, 1, true, 'Consegnato', 'Ritirato'],
    [3, 0, false, 'Annullato', 'Annullato'],
    [3, 0, true, 'Annullato', 'Annullato'],
    [3, 1, false, 'Annullato', 'Annullato'],
    [3, 1, true, 'Annullato', 'Annullato'],
  ];
  it.each(table)('status %i, delivered %i, dispatched %s → %s / %s', (status, delivered, dispatched, delivery, pickup) => {
    expect(label(status, delivered, 'consegna', dispatched)).toBe(delivery);
    expect(label(status, delivered, 'ritiro', dispatched)).toBe(pickup);
  });

  it('closed: delivered, collected and cancelled; the steps before are not', () => {
    expect(['delivered', 'collected', 'cancelled'].every((p) => isClosedProgress(p as never))).toBe(true);
    expect(['received', 'preparing', 'on_the_way', 'ready'].some((p) => isClosedProgress(p as never))).toBe(false);
  });
});

describe('a step forward or back', () => {
  const facts = { status: 0 as OrderStatus, delivered: 0 as const, delivery: 'consegna' as const, dispatchedAt: null };
  it('walks a delivery from Ricevuto to Consegnato and back', () => {
    expect(progressStep(facts, 'next')).toEqual({ status: 1, delivered: 0, dispatched: false });
    const printed = { ...facts, status: 1 as OrderStatus };
    expect(progressStep(printed, 'next')).toEqual({ status: 1, delivered: 0, dispatched: true });
    const out = { ...printed, dispatchedAt: 'x' };
    expect(progressStep(out, 'next')).toEqual({ status: 1, delivered: 1, dispatched: true });
    expect(progressStep({ ...out, delivered: 1 }, 'next')).toBeNull();
    expect(progressStep({ ...out, delivered: 1 }, 'back')).toEqual({ status: 1, delivered: 0, dispatched: true });
    expect(progressStep(out, 'back')).toEqual({ status: 1, delivered: 0, dispatched: false });
    expect(progressStep(printed, 'back')).toEqual({ status: 0, delivered: 0, dispatched: false });
    expect(progressStep(facts, 'back')).toBeNull();
  });
  it('keeps a reprint to do when the order goes out', () => {
    expect(progressStep({ ...facts, status: 2 }, 'next')).toEqual({ status: 2, delivered: 0, dispatched: true });
  });
  it('never moves a cancelled order, either way', () => {
    expect(progressStep({ ...facts, status: 3 }, 'next')).toBeNull();
    expect(progressStep({ ...facts, status: 3 }, 'back')).toBeNull();
  });
});

describe('the promised window and its words', () => {
  it('a delivery: the slot plus 15 minutes, widened by the delay', () => {
    expect(windowText('consegna', promisedWindow('consegna', '20:30', 0))).toBe('Arrivo previsto: 20:30–20:45');
    expect(windowText('consegna', promisedWindow('consegna', '20:37', 0))).toBe('Arrivo previsto: 20:30–20:45');
    expect(windowText('consegna', promisedWindow('consegna', '20:30', 10))).toBe('Arrivo previsto: 20:30–20:55');
  });
  it('a pickup: the slot, moved by the delay', () => {
    expect(windowText('ritiro', promisedWindow('ritiro', '20:30', 0))).toBe('Pronto per le 20:30');
    expect(windowText('ritiro', promisedWindow('ritiro', '20:30', 20))).toBe('Pronto per le 20:50');
  });
  it('past midnight the clock starts again', () => {
    expect(promisedWindow('consegna', '23:45', 30)).toEqual({ from: '23:45', until: '00:30' });
  });
  it('says sorry for a delay only', () => {
    expect(delayText(0)).toBeNull();
    expect(delayText(10)).toBe('In ritardo di 10 minuti: ci scusiamo.');
  });
  it('shows the first name only', () => {
    expect(firstNameOf('  Lucia   Ferri Conti ')).toBe('Lucia');
  });
});

describe("which orders the account offers 'Segui il tuo ordine' for", () => {
  const today = '2026-12-11';
  it('every order of today or later, closed or not; an earlier one only while open and its link valid', () => {
    expect(isFollowable({ progress: 'collected', deliveryDate: today }, today)).toBe(true);
    expect(isFollowable({ progress: 'received', deliveryDate: '2026-12-12' }, today)).toBe(true);
    expect(isFollowable({ progress: 'delivered', deliveryDate: '2026-12-10' }, today)).toBe(false);
    expect(isFollowable({ progress: 'preparing', deliveryDate: '2026-12-04' }, today)).toBe(true);
    expect(isFollowable({ progress: 'preparing', deliveryDate: '2026-12-03' }, today)).toBe(false);
  });
});
