import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectProductDialog, productDialogMachine, type LineChoice, type ProductDialogEvent } from '../../machines/productDialog.machine';
import { formatEuro } from '../../src/domain';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { fioriDiZucca, margherita, productDialogEntry, senzaGlutine } from './menu.entries';

/** Prices written out from the fixtures (7 € base, +1 € whole-wheat dough, +1,50 € gluten-free, +2,50 € buffalo), not through the rule under test. */
const expectedCents = (choice: LineChoice) =>
  choice.qty *
  ((choice.product === margherita ? 700 : 1050) +
    (choice.variant === null ? 0 : choice.variant === senzaGlutine ? 150 : 100) +
    choice.additions.length * 250);

/** The region 'Allergeni' as a customer reads it, written out from the facts in menu.entries.ts. */
function expectedAllergens(choice: LineChoice) {
  if (choice.product === fioriDiZucca) return { items: ['Glutine', 'Pesce', 'Latte'], mayContain: null };
  // Margherita: milk of its own (buffalo adds milk again); gluten from any dough but 'Senza glutine'.
  const glutenFree = choice.variant === senzaGlutine;
  return { items: glutenFree ? ['Latte'] : ['Glutine', 'Latte'], mayContain: glutenFree ? 'Può contenere: Glutine' : null };
}

describePathCoverage(
  'product dialog machine: path coverage',
  productDialogEntry,
  async (path) => {
    const confirmed: { index: number | null; choice: LineChoice }[] = [];
    const machine = productDialogMachine.provide({ actions: { confirmLine: (_, params) => void confirmed.push(params) } });
    let expectedConfirmations = 0;
    await replayEntryPath(productDialogEntry, path, {
      machine,
      assertInvariant: (snapshot, { step, previous }) => {
        const sent: ProductDialogEvent[] = [];
        const view = connectProductDialog(snapshot, (event) => sent.push(event));
        const { context } = snapshot;
        expect(view.isOpen).toBe(snapshot.matches('open'));
        // Quantity never below 1; minus is disabled exactly at 1.
        expect(context.qty).toBeGreaterThanOrEqual(1);
        expect(view.quantity.decrementButton.isDisabled).toBe(context.qty === 1);
        expect(view.quantity.label).toBe('Quantità:');
        if (step.event.type === 'dialog.confirm') {
          expectedConfirmations++;
          const before = previous!.context;
          const last = confirmed.at(-1)!;
          expect(last.index).toBe(before.editIndex);
          expect(last.choice.qty).toBe(before.qty);
          expect(last.choice.product).toBe(before.product);
        }
        expect(confirmed.length).toBe(expectedConfirmations);
        if (!view.isOpen) {
          expect(view.product).toBeNull();
          expect({ dough: view.dough, additions: view.additions, allergens: view.allergens }).toEqual({
            dough: null,
            additions: null,
            allergens: null,
          });
          return;
        }
        const product = context.product!;
        // SPEC §5: the dough choice only with variants, allow_variants < 2 and ecommerce_variants 'yes'.
        const doughOffered = product === margherita && context.ecommerceVariants === 'yes';
        expect(view.dough?.label ?? null).toBe(doughOffered ? 'Scegli il tipo di impasto:' : null);
        if (view.dough) expect(view.dough.options[0]).toEqual({ value: 'plain', label: 'Pizza normale' });
        expect(view.additions?.label ?? null).toBe(product === fioriDiZucca ? null : 'Aggiunte disponibili:');
        // The button's price is the line price of what is chosen (and offered).
        const variant = doughOffered ? (product.variants.find((v) => v.id === context.variantId) ?? null) : null;
        const additions = product.additions.filter((a) => context.additionIds.includes(a.id));
        const price = formatEuro(expectedCents({ product, variant, additions, qty: context.qty }));
        expect(view.confirmButton.label).toBe(
          context.editIndex === null ? `Aggiungi al Carrello (${price})` : `Conferma modifica (${price})`,
        );
        // 'Allergeni' follows the line as chosen (a dough the shop does not offer is not chosen), with the table's link.
        expect(view.allergens).toMatchObject({
          title: 'Allergeni',
          ...expectedAllergens({ product, variant, additions, qty: context.qty }),
          link: { href: '/ecommerce/allergeni', label: 'Tabella degli allergeni' },
        });
        view.confirmButton.onPress();
        view.onOpenChange(false);
        expect(sent).toEqual([{ type: 'dialog.confirm' }, { type: 'dialog.close' }]);
      },
    });
  },
  'reaches every state node and takes every transition (doughs offered or not, adding or editing)',
);

describe('product dialog machine: rules', () => {
  const open = (ecommerceVariants: 'yes' | 'no') => {
    const confirmLine = vi.fn();
    const actor = createActor(productDialogMachine.provide({ actions: { confirmLine: (_, params) => confirmLine(params) } })).start();
    const view = () => connectProductDialog(actor.getSnapshot(), (event) => actor.send(event));
    return { actor, confirmLine, view, ecommerceVariants };
  };

  it('starts at quantity 1 with plain pizza and no surcharge; minus at 1 is ignored', () => {
    const { actor, view, ecommerceVariants } = open('yes');
    actor.send({ type: 'dialog.open', product: margherita, ecommerceVariants });
    actor.send({ type: 'quantity.decrement' });
    expect(view()).toMatchObject({
      quantity: { value: 1 },
      dough: { value: 'plain' },
      confirmButton: { label: 'Aggiungi al Carrello (7,00 €)' },
    });
  });

  it('adds the dough surcharge and toggled additions, and hands the choice to the cart', () => {
    const { actor, view, confirmLine, ecommerceVariants } = open('yes');
    actor.send({ type: 'dialog.open', product: margherita, ecommerceVariants });
    view().dough!.onChange('2');
    view().additions!.options[0]!.onChange();
    view().quantity.incrementButton.onPress();
    expect(view().confirmButton.label).toBe('Aggiungi al Carrello (21,00 €)');
    view().additions!.options[0]!.onChange();
    expect(view().confirmButton.label).toBe('Aggiungi al Carrello (16,00 €)');
    view().confirmButton.onPress();
    expect(confirmLine).toHaveBeenCalledWith({
      index: null,
      choice: { product: margherita, variant: margherita.variants[1], additions: [], qty: 2 },
    });
    expect(view().isOpen).toBe(false);
  });

  it('never sends a dough the shop does not offer', () => {
    const { actor, view, confirmLine, ecommerceVariants } = open('no');
    actor.send({ type: 'dialog.open', product: margherita, ecommerceVariants, line: { index: 0, variantId: 2, additionIds: [], qty: 1 } });
    expect(view().dough).toBeNull();
    expect(view().confirmButton.label).toBe('Conferma modifica (7,00 €)');
    view().confirmButton.onPress();
    expect(confirmLine.mock.calls[0]![0].choice.variant).toBeNull();
  });
});
