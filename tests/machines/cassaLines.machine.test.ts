import { expect, vi } from 'vitest';
import { formatEuro } from '../../src/domain';
import type { CartEvent } from '../../machines/cart.machine';
import { cassaLinesMachine, connectCassaLines, type CassaLinesEvent } from '../../machines/cassaLines.machine';
import { cassaLinesEntry, changedCatalog } from './cassa.entries';
import { describePathCoverage, replayEntryPath } from './expectCoverage';

describePathCoverage('cassa order lines machine: path coverage', cassaLinesEntry, async (path) => {
  const toCart = vi.fn<(command: CartEvent) => void>();
  const machine = cassaLinesMachine.provide({ actions: { toCart: (_, command) => toCart(command) } });
  await replayEntryPath(cassaLinesEntry, path, {
    machine,
    assertInvariant: (snapshot, { step, previous }) => {
      const sent: CassaLinesEvent[] = [];
      const { productSearch, freeItems } = connectCassaLines(snapshot, (event) => sent.push(event));
      const { catalog, query } = snapshot.context;
      const isEnabled = snapshot.matches('enabled');
      const event = step.event as CassaLinesEvent;

      // Items go in only while an order is being edited.
      expect(productSearch.isDisabled).toBe(!isEnabled);
      expect(productSearch.canOpen).toBe(isEnabled);
      expect(freeItems.isDisabled).toBe(!isEnabled);
      expect(productSearch.value).toBe(query);
      // Ingredients are never offered alone; every result is a product of the catalogue at its price.
      expect(productSearch.results.map((r) => r.name)).not.toContain('Bufala');
      for (const result of productSearch.results) {
        const product = catalog!.products.find((p) => p.id === result.id)!;
        expect(result).toEqual({ id: product.id, name: product.name, price: formatEuro(product.priceCents), soldOut: product.sold_out });
        expect(result.name.toLowerCase()).toContain(query.toLowerCase());
      }
      expect(freeItems.options.map((o) => o.name)).toEqual(
        (catalog?.products ?? []).filter((p) => p.priceCents === 0 && p.category_id !== 9).map((p) => p.name),
      );
      expect(productSearch.addButton.isDisabled).toBe(!isEnabled || productSearch.results.length === 0 || query.trim() === '');

      switch (event.type) {
        case 'product.add':
        case 'freeItem.add': {
          // Ingredients are not sold alone; only 0 € items are gifts.
          const added = catalog!.products.find((p) => p.id === event.productId)!;
          const accepted = event.type === 'product.add' ? added.category_id !== 9 : added.priceCents === 0;
          if (accepted)
            expect(toCart).toHaveBeenLastCalledWith({ type: 'line.add', choice: { product: added, variant: null, additions: [], qty: 1 } });
          else expect(toCart).not.toHaveBeenCalled();
          if (event.type === 'product.add' && accepted) {
            // The search empties and its list closes over the lines the item joined.
            expect(query).toBe('');
            expect(productSearch.box.getSnapshot().value).toBe('closed');
          }
          break;
        }
        case 'product.query':
          expect(productSearch.results.map((r) => r.name)).toContain('Margherita');
          break;
        case 'lines.catalog':
          // The owner's new price shows at once; the search as typed stays.
          if (event.catalog === changedCatalog)
            expect(productSearch.results.find((r) => r.name === 'Margherita')!.price).toBe(formatEuro(750));
          expect(query).toBe(previous!.context.query);
          break;
        case 'lines.clear':
          expect(query).toBe('');
          break;
      }

      // The handlers send what the machine expects.
      productSearch.onChange('mar');
      productSearch.onAdd(5);
      freeItems.onAdd(7);
      productSearch.addButton.onPress();
      expect(sent).toEqual([
        { type: 'product.query', text: 'mar' },
        { type: 'product.add', productId: 5 },
        { type: 'freeItem.add', productId: 7 },
        ...(productSearch.results[0] ? [{ type: 'product.add', productId: productSearch.results[0].id }] : []),
      ]);
    },
  });
});
