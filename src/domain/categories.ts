/**
 * The groups the kitchen counts by (SPEC §2 cassa, §5, §9): each category names one in the back
 * office, or none (drinks, desserts, fries). Oven capacity counts the items of the three groups.
 */
export const CATEGORY_GROUPS = ['pizze', 'compositions', 'calzoni'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

/** The groups as the back office and the cassa's counts name them. */
export const CATEGORY_GROUP_LABELS: Record<CategoryGroup, string> = {
  pizze: 'Pizze e pinse',
  compositions: 'Composizioni',
  calzoni: 'Calzoni e focacce',
};
export const NO_GROUP_LABEL = 'Nessuno';

export const isCategoryGroup = (value: unknown): value is CategoryGroup => CATEGORY_GROUPS.includes(value as CategoryGroup);

/** A group as the database stores it; anything else (a hand edit) counts as no group. */
export const ovenGroupOf = (stored: string | null): CategoryGroup | null => (isCategoryGroup(stored) ? stored : null);

/** Category 9 holds the ingredients offered as additions. */
export const ADDITIONS_CATEGORY_ID = 9;

export const SEARCH_EXCLUDED_CATEGORY_IDS: readonly number[] = [3, 4, ADDITIONS_CATEGORY_ID];

/**
 * How many items of an order go in the oven: the one count behind slot capacity (checkout), the
 * stored slot load and the cassa's load per slot. Lines without a group (drinks, unknown products)
 * never do.
 */
export function ovenItemCount(lines: Iterable<{ group: CategoryGroup | null; qty: number }>): number {
  let count = 0;
  for (const line of lines) if (line.group !== null) count += line.qty;
  return count;
}

/** One collator for every comparison: `localeCompare` with options builds a new one per call. */
const nameCollator = new Intl.Collator('it', { sensitivity: 'base' });

/** Category 9 lists by name, case-insensitive; others keep the order they were given. */
export function compareByName(a: { name: string }, b: { name: string }): number {
  return nameCollator.compare(a.name, b.name);
}
