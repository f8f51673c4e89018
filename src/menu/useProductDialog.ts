import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart.machine';
import { productDialogMachine, type EditedLine } from '../../machines/productDialog.machine';
import type { Product } from '../../machines/shop.machine';
import { useAppActors, useScreenActor } from '../actors/AppActors';

/** Where the dialog's choice goes: by default the app-wide cart, with the shop's dough setting. */
export interface DialogTarget {
  cart: ActorRefFrom<typeof cartMachine>;
  ecommerceVariants: () => string | undefined;
}

/**
 * The page's product dialog; a confirmed choice goes to the cart (added, or in place of the edited
 * line). `open` hands the dialog the dough setting as it is at that moment. The cassa passes its own
 * cart and always offers the doughs a product allows.
 */
export function useProductDialog(target?: DialogTarget) {
  const { cart: appCart, shop } = useAppActors();
  const cart = target?.cart ?? appCart;
  const actor = useScreenActor(
    productDialogMachine.provide({
      actions: {
        confirmLine: (_, { index, choice }) =>
          cart.send(index === null ? { type: 'line.add', choice } : { type: 'line.replace', index, choice }),
      },
    }),
  );
  const variants = target?.ecommerceVariants;
  const open = useCallback(
    (product: Product, line?: EditedLine) =>
      actor.send({
        type: 'dialog.open',
        product,
        line,
        ecommerceVariants: variants ? variants() : shop.getSnapshot().context.settings?.ecommerce_variants,
      }),
    [actor, shop, variants],
  );
  return { actor, open };
}
