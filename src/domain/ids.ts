/** Ids are 32-bit in the contract. */
const MAX_ID = 2 ** 31 - 1;

/** Whether a record could have this id (a URL's `/blog/abc/…` or `/blog/0/…` names none): no need to ask. */
export function isPossibleId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}
