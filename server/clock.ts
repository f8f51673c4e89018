/**
 * The one source of "now". Tests and demos inject a fixed clock, so nothing depends on the wall clock.
 * The shop's dates and times of an instant: src/domain/time.ts (the browser uses the same rules).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(instant: Date | string): Clock & { set(instant: Date | string): void; advance(ms: number): void } {
  let current = new Date(instant);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}
