import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { ALLERGENS, DIET_MARK_LABELS, DIET_MARKS, lineAllergens, type Allergen, type DietMark } from '../src/domain';
import { withoutLabel } from './allergenText';
import type { Product } from './shop.machine';

/** The customer's filter: allergens a shown product must not contain, diet marks it must carry. */
export interface MenuFilterChoice {
  without: Allergen[];
  only: DietMark[];
}

export const NO_FILTER: MenuFilterChoice = { without: [], only: [] };

export type MenuFilterEvent =
  | { type: 'filter.toggle' }
  | { type: 'allergens.choose'; allergens: readonly Allergen[] }
  | { type: 'diet.choose'; marks: readonly DietMark[] }
  | { type: 'filter.clear' };

/**
 * A card's allergens are the product's with its base dough (a Margherita contains gluten even though
 * a gluten-free dough may be chosen in the dialog). Traces do not hide a product: the card shows them.
 */
export function isShown(product: Product, { without, only }: MenuFilterChoice): boolean {
  const { allergens } = lineAllergens(product, null, []);
  return !allergens.some((a) => without.includes(a)) && only.every((mark) => product.diet.includes(mark));
}

/** Keeps known keys only, in the Annex's (or the marks') order: the URL and the session may hold anything. */
export function filterChoiceFrom(without: readonly string[], only: readonly string[]): MenuFilterChoice {
  return {
    without: ALLERGENS.filter((a) => without.includes(a)),
    only: DIET_MARKS.filter((m) => only.includes(m)),
  };
}

const isActive = (choice: MenuFilterChoice) => choice.without.length + choice.only.length > 0;

/**
 * 'Filtra per allergeni' on the menu: the panel of chips folded or open, and the choice. The page
 * starts it with the choice of the URL (or of this tab's session) and keeps both in step with it.
 */
export const menuFilterMachine = setup({
  types: {
    input: {} as MenuFilterChoice,
    context: {} as MenuFilterChoice,
    events: {} as MenuFilterEvent,
    tags: {} as 'expanded' | 'filtering',
  },
  guards: {
    isFiltering: ({ context }) => isActive(context),
  },
  actions: {
    chooseAllergens: assign({
      without: ({ event }) => {
        assertEvent(event, 'allergens.choose');
        return ALLERGENS.filter((a) => event.allergens.includes(a));
      },
    }),
    chooseDiet: assign({
      only: ({ event }) => {
        assertEvent(event, 'diet.choose');
        return DIET_MARKS.filter((m) => event.marks.includes(m));
      },
    }),
    clear: assign(NO_FILTER),
  },
}).createMachine({
  id: 'menuFilter',
  context: ({ input }) => filterChoiceFrom(input.without, input.only),
  initial: 'deciding',
  // Chips stay usable folded or open: the panel is only how much of the page they take.
  on: {
    'allergens.choose': { actions: 'chooseAllergens' },
    'diet.choose': { actions: 'chooseDiet' },
    'filter.clear': { actions: 'clear' },
  },
  states: {
    // A visitor arriving with a filter (a shared link, a reload) sees it open.
    deciding: { always: [{ guard: 'isFiltering', target: 'expanded' }, { target: 'folded' }] },
    folded: { on: { 'filter.toggle': 'expanded' } },
    expanded: { tags: ['expanded'], on: { 'filter.toggle': 'folded' } },
  },
});

export type MenuFilterSnapshot = SnapshotFrom<typeof menuFilterMachine>;

/** '12 prodotti nascosti dal filtro', '1 prodotto nascosto dal filtro', nothing when none. */
export const hiddenMessage = (hidden: number) =>
  hidden === 0 ? null : hidden === 1 ? '1 prodotto nascosto dal filtro' : `${hidden} prodotti nascosti dal filtro`;

/** A group of chips ('Senza glutine' …): which are chosen, and the new set when one is pressed. */
export interface ChipGroup {
  label: string;
  items: { id: string; label: string }[];
  selectedKeys: readonly string[];
  onSelectionChange: (keys: Iterable<unknown>) => void;
}

/** The toggle, the two chip groups, 'Rimuovi filtri' and what the filter leaves of `products`. */
export function connectMenuFilter(snapshot: MenuFilterSnapshot, send: (event: MenuFilterEvent) => void) {
  const { context } = snapshot;
  const choice: MenuFilterChoice = { without: context.without, only: context.only };
  const allergenChips: ChipGroup = {
    label: 'Escludi i prodotti con',
    items: ALLERGENS.map((a) => ({ id: a, label: withoutLabel(a) })),
    selectedKeys: context.without,
    onSelectionChange: (keys: Iterable<unknown>) =>
      send({ type: 'allergens.choose', allergens: filterChoiceFrom([...keys].map(String), []).without }),
  };
  const dietChips: ChipGroup = {
    label: 'Mostra solo',
    items: DIET_MARKS.map((m) => ({ id: m, label: DIET_MARK_LABELS[m] })),
    selectedKeys: context.only,
    onSelectionChange: (keys: Iterable<unknown>) => send({ type: 'diet.choose', marks: filterChoiceFrom([], [...keys].map(String)).only }),
  };
  return {
    choice,
    toggleButton: {
      label: 'Filtra per allergeni',
      isSelected: snapshot.hasTag('expanded'),
      onChange: () => send({ type: 'filter.toggle' }),
    },
    isExpanded: snapshot.hasTag('expanded'),
    allergenChips,
    dietChips,
    clearButton: { label: 'Rimuovi filtri', isDisabled: !isActive(context), onPress: () => send({ type: 'filter.clear' }) },
    /** The products the filter leaves, and how many it hides (the message under the chips). */
    apply: (products: readonly Product[]) => {
      const shown = products.filter((p) => isShown(p, choice));
      return { shown, hiddenMessage: hiddenMessage(products.length - shown.length) };
    },
  };
}

export type MenuFilterView = ReturnType<typeof connectMenuFilter>;
