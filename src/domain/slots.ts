/** Times are "HH:MM" strings in the shop's local time (Europe/Rome). */
export const SLOT_MINUTES = 15;
export const CASSA_FIRST_SLOT = '18:00';
export const CASSA_LAST_SLOT = '23:45';

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidTime(time: string): boolean {
  return TIME_PATTERN.test(time);
}

export function toMinutes(time: string): number {
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Invalid time "${time}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function fromMinutes(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function formatTime(hour: number, minute: number): string {
  return fromMinutes(hour * 60 + minute);
}

/** The 15-minute bucket a delivery time falls in: 19:37 → 19:30. */
export function slotOf(time: string): string {
  const minutes = toMinutes(time);
  return fromMinutes(minutes - (minutes % SLOT_MINUTES));
}

/** Every slot start from `first` to `last` inclusive, 15 minutes apart. */
export function slotRange(first: string, last: string): string[] {
  const slots: string[] = [];
  for (let m = toMinutes(first); m <= toMinutes(last); m += SLOT_MINUTES) slots.push(fromMinutes(m));
  return slots;
}

export function cassaSlots(): string[] {
  return slotRange(CASSA_FIRST_SLOT, CASSA_LAST_SLOT);
}

/** 'HH:MM' on the 15-minute grid: what a service window's first and last slot must be. */
export function isOnSlotGrid(time: string): boolean {
  return isValidTime(time) && toMinutes(time) % SLOT_MINUTES === 0;
}
