import { useCallback } from 'react';
import { useActorRef } from '@xstate/react';
import { productDialogMachine, type EditedLine } from '../../machines/productDialog.machine';
import type { Product } from '../../machines/shop.machine';
import { useAppActors } from '../app/AppActors';

/**
 * The page's product dialog; a confirmed choice goes to the app-wide cart (added, or in place of the
 * edited line). `open` hands the dialog the shop's dough setting as it is at that moment.
 */
export function useProductDialog() {
  const { cart, shop } = useAppActors();
  const actor = useActorRef(
    productDialogMachine.provide({
      actions: {
        confirmLine: (_, { index, choice }) =>
          cart.send(index === null ? { type: 'line.add', choice } : { type: 'line.replace', index, choice }),
      },
    }),
  );
  const open = useCallback(
    (product: Product, line?: EditedLine) =>
      actor.send({ type: 'dialog.open', product, line, ecommerceVariants: shop.getSnapshot().context.settings?.ecommerce_variants }),
    [actor, shop],
  );
  return { actor, open };
}
