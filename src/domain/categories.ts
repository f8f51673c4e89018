/** Category ids with a meaning of their own in the shop (SPEC §2 cassa, §5, §9). */
export const CATEGORY_GROUPS = {
  pizze: [1, 2, 3, 4, 13, 14],
  compositions: [10],
  calzoni: [5, 11, 12],
} as const;
export type CategoryGroup = keyof typeof CATEGORY_GROUPS;

/** Category 9 holds the ingredients offered as additions. */
export const ADDITIONS_CATEGORY_ID = 9;

export const SEARCH_EXCLUDED_CATEGORY_IDS: readonly number[] = [3, 4, ADDITIONS_CATEGORY_ID];

export function categoryGroupOf(categoryId: number): CategoryGroup | null {
  for (const [group, ids] of Object.entries(CATEGORY_GROUPS) as [CategoryGroup, readonly number[]][]) {
    if (ids.includes(categoryId)) return group;
  }
  return null;
}

/** Oven capacity counts what goes in the oven: pizzas, pinse, compositions, calzoni and focacce. */
export function usesOven(categoryId: number): boolean {
  return categoryGroupOf(categoryId) !== null;
}

/**
 * How many items of an order go in the oven: the one count behind slot capacity (checkout), the
 * stored slot load and the cassa's load per slot. Lines of unknown products (null category) never do.
 */
export function ovenItemCount(lines: Iterable<{ categoryId: number | null; qty: number }>): number {
  let count = 0;
  for (const line of lines) if (line.categoryId !== null && usesOven(line.categoryId)) count += line.qty;
  return count;
}

/** One collator for every comparison: `localeCompare` with options builds a new one per call. */
const nameCollator = new Intl.Collator('it', { sensitivity: 'base' });

/** Category 9 lists by name, case-insensitive; others keep the order they were given. */
export function compareByName(a: { name: string }, b: { name: string }): number {
  return nameCollator.compare(a.name, b.name);
}
