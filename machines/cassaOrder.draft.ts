import type { CassaOrderSnapshot } from './cassaOrder.machine';
import type { CassaDraft, CassaOrderContext } from './cassaOrder.types';

// Apart from the editor's view-model: the composition root persists the draft on every page, and
// importing these from cassaOrder.connect.ts would bring the whole widget's view into the home's bundle.

/** The order on screen is the cashier's (typed or being saved), not one still loading. */
export const isDraftShown = (snapshot: CassaOrderSnapshot) =>
  snapshot.matches({ ready: { order: 'editing' } }) || snapshot.hasTag('saving');

/** What the browser keeps of the order on screen; nothing for a new order with nothing typed (confirmed, or emptied). */
export function draftOf({ opened, form, cart }: CassaOrderContext): CassaDraft | null {
  const isBlank =
    [form.name, form.address, form.telephone, form.note, form.allergyNote].every((text) => !text.trim()) && cart.lines.length === 0;
  if (opened === null && isBlank) return null;
  return { orderId: opened?.id ?? null, version: opened?.version ?? null, form, lines: cart.lines, code: cart.code };
}
