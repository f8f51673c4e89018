import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectMenuFilter, menuFilterMachine, type MenuFilterEvent } from '../../machines/menuFilter.machine';
import type { Product } from '../../machines/shop.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { fioriDiZucca, margherita, menuFilterEntry } from './menu.entries';

/** A drink: no dough, nothing of the 14, vegan. */
const acqua: Product = { ...fioriDiZucca, id: 50, name: 'Acqua naturale', allergens: [], diet: ['vegan', 'vegetarian'], base_dough: null };
const products = [margherita, fioriDiZucca, acqua];

/** What each card contains with its base dough, and its marks, written out (not through the rule under test). */
const CARD: Record<string, { contains: string[]; diet: string[] }> = {
  Margherita: { contains: ['gluten', 'milk'], diet: ['vegetarian'] },
  'Fiori di zucca e alici': { contains: ['gluten', 'fish', 'milk'], diet: [] },
  'Acqua naturale': { contains: [], diet: ['vegan', 'vegetarian'] },
};

describePathCoverage(
  'menu filter machine: path coverage',
  menuFilterEntry,
  async (path) => {
    await replayEntryPath(menuFilterEntry, path, {
      machine: menuFilterMachine,
      assertInvariant: (snapshot) => {
        const sent: MenuFilterEvent[] = [];
        const view = connectMenuFilter(snapshot, (event) => sent.push(event));
        const { without, only } = snapshot.context;
        // The toggle says whether the chips are open; a choice arriving with the visitor opens them.
        expect(view.toggleButton).toMatchObject({ label: 'Filtra per allergeni', isSelected: snapshot.matches('expanded') });
        expect(view.isExpanded).toBe(snapshot.matches('expanded'));
        expect(view.allergenChips.selectedKeys).toEqual(without);
        expect(view.dietChips.selectedKeys).toEqual(only);
        expect(view.clearButton.isDisabled).toBe(without.length + only.length === 0);
        // Hidden: a card containing an excluded allergen, or lacking a chosen mark.
        const expectedShown = products.filter(
          (p) => !CARD[p.name]!.contains.some((a) => without.includes(a as never)) && only.every((m) => CARD[p.name]!.diet.includes(m)),
        );
        const { shown, hiddenMessage } = view.apply(products);
        expect(shown.map((p) => p.name)).toEqual(expectedShown.map((p) => p.name));
        const hidden = products.length - expectedShown.length;
        expect(hiddenMessage).toBe(
          hidden === 0 ? null : hidden === 1 ? '1 prodotto nascosto dal filtro' : `${hidden} prodotti nascosti dal filtro`,
        );
        view.toggleButton.onChange();
        view.clearButton.onPress();
        expect(sent).toEqual([{ type: 'filter.toggle' }, { type: 'filter.clear' }]);
      },
    });
  },
  'reaches every state node and takes every transition (a first visit, a link arriving with a filter)',
);

describe('menu filter machine: the chips', () => {
  const start = (input = { without: [], only: [] }) => {
    const actor = createActor(menuFilterMachine, { input }).start();
    return { actor, view: () => connectMenuFilter(actor.getSnapshot(), (event) => actor.send(event)) };
  };

  it("reads 'Senza …' in natural Italian for each of the 14, then the diet marks", () => {
    const { view } = start();
    expect(view().allergenChips.items.map((i) => i.label)).toEqual([
      'Senza glutine',
      'Senza crostacei',
      'Senza uova',
      'Senza pesce',
      'Senza arachidi',
      'Senza soia',
      'Senza latte',
      'Senza frutta a guscio',
      'Senza sedano',
      'Senza senape',
      'Senza sesamo',
      'Senza anidride solforosa e solfiti',
      'Senza lupini',
      'Senza molluschi',
    ]);
    expect(view().dietChips.items.map((i) => i.label)).toEqual(['Vegetariana', 'Vegana', 'Piccante']);
  });

  it('keeps only known keys, in the Annex order, from the chips and from the URL', () => {
    const { view } = start({ without: ['milk', 'bogus', 'gluten'] as never[], only: ['vegan', 'x'] as never[] });
    expect(view().choice).toEqual({ without: ['gluten', 'milk'], only: ['vegan'] });
    view().allergenChips.onSelectionChange(new Set(['nuts', 'gluten', '<script>']));
    view().dietChips.onSelectionChange(new Set(['spicy']));
    expect(view().choice).toEqual({ without: ['gluten', 'nuts'], only: ['spicy'] });
    view().clearButton.onPress();
    expect(view().choice).toEqual({ without: [], only: [] });
  });

  it("hides the Margherita with 'Senza glutine' although a gluten-free dough may be chosen in the dialog", () => {
    const { view } = start();
    view().allergenChips.onSelectionChange(new Set(['gluten']));
    expect(view().apply([margherita, acqua])).toEqual({ shown: [acqua], hiddenMessage: '1 prodotto nascosto dal filtro' });
  });
});
