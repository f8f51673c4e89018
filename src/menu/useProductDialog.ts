import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { productDialogMachine } from '../../machines/productDialog.machine';
import { useAppActors } from '../app/AppActors';

/** The page's product dialog; a confirmed choice goes to the app-wide cart (added, or in place of the edited line). */
export function useProductDialog(): ActorRefFrom<typeof productDialogMachine> {
  const { cart, shop } = useAppActors();
  const ecommerceVariants = useSelector(shop, (s) => s.context.settings?.ecommerce_variants);
  return useActorRef(
    productDialogMachine.provide({
      actions: {
        confirmLine: (_, { index, choice }) =>
          cart.send(index === null ? { type: 'line.add', choice } : { type: 'line.replace', index, choice }),
      },
    }),
    { input: { ecommerceVariants } },
  );
}
