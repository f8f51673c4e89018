import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { productDialogMachine } from '../../machines/productDialog.machine';
import { lazyChunk } from '../ui/lazyChunk';

/** The dialog and react-aria's modal are a chunk of their own, fetched on the first open: the menu paints without them. */
const Dialog = lazy(lazyChunk('productDialog', () => import('./ProductDialog')));

/** `staff`: the cassa's dialog, with a search over the additions and 'Indietro'. */
export function ProductDialog({ actor, staff }: { actor: ActorRefFrom<typeof productDialogMachine>; staff?: boolean }) {
  const isOpen = useSelector(actor, (s) => s.hasTag('open'));
  return isOpen ? (
    // Its own boundary: the page stays on screen while the chunk arrives.
    <Suspense fallback={null}>
      <Dialog actor={actor} staff={staff} />
    </Suspense>
  ) : null;
}
