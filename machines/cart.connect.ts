import { formatEuro, MIN_QUANTITY } from '../src/domain';
import { lineKey, type CartEvent, type CartSnapshot } from './cart.machine';
import type { EditedLine } from './productDialog.machine';

const articles = (n: number) => (n === 1 ? '1 articolo' : `${n} articoli`);

export const FEE_BY_ZONE_NOTE = 'Il costo di consegna dipende dalla zona: lo vedrai nel riepilogo.';

/**
 * The cart page: lines with their buttons, the server's totals and the button to the checkout.
 * `zonesCharge`: some zone asks a delivery fee, so until the zone is known the page says so.
 */
export function connectCart(snapshot: CartSnapshot, send: (event: CartEvent) => void, shop: { isClosed: boolean; zonesCharge?: boolean }) {
  const { lines, backend, discount, code, codeMessage, delivery, zoneId } = snapshot.context;
  const isPricing = snapshot.hasTag('pricing');
  const totalCents = backend?.totalCents ?? 0;
  const finalCents = backend?.finalCents ?? 0;
  const itemCount = backend?.totalQuantity ?? 0;
  return {
    isPricing,
    isEmpty: lines.length === 0,
    emptyMessage: lines.length === 0 ? 'Il carrello è vuoto.' : null,
    lines: lines.map((line, index) => ({
      key: `${index}-${line.productId}`,
      name: line.name,
      imageUrl: line.imageUrl,
      basePrice: formatEuro(line.priceCents),
      dough: line.variant?.name ?? null,
      additions: line.additions.map((a) => a.name),
      qty: line.qty,
      total: formatEuro(line.totalCents),
      /** what 'Modifica' reopens the product dialog with */
      edit: {
        productId: line.productId,
        line: { index, variantId: line.variant?.id ?? null, additionIds: lineKey(line).additionIds, qty: line.qty },
      },
      decrementButton: {
        'aria-label': `Diminuisci quantità di ${line.name}`,
        isDisabled: line.qty <= MIN_QUANTITY,
        onPress: () => send({ type: 'quantity.decrement', index }),
      },
      incrementButton: { 'aria-label': `Aumenta quantità di ${line.name}`, onPress: () => send({ type: 'quantity.increment', index }) },
      removeButton: { onPress: () => send({ type: 'line.remove', line: lineKey(line) }) },
    })) satisfies Array<{ edit: { productId: number; line: EditedLine } }>,
    totals: backend && {
      total: formatEuro(totalCents),
      final: formatEuro(finalCents),
      discount: discount?.isValid && discount.valueCents > 0 ? `${discount.code}: -${formatEuro(discount.valueCents)}` : null,
      /** the delivery fee's own line, after the discount (which never touches it) */
      deliveryFee: backend.deliveryFeeCents > 0 ? formatEuro(backend.deliveryFeeCents) : null,
      belowMinimum: backend.belowMinimum ?? null,
    },
    /** the fee is its own line once the zone is known; before, this says it will come */
    feeNote: shop.zonesCharge && delivery !== 'ritiro' && zoneId === null && lines.length > 0 ? FEE_BY_ZONE_NOTE : null,
    code,
    codeMessage,
    codeError: discount?.validationError ?? null,
    onApplyCode: (typed: string) => send({ type: 'discount.apply', code: typed }),
    /** 'Invia ordine (N articoli) - total'; hidden when the total is 0 or the shop is closed (SPEC §2, §8) */
    checkoutButton:
      totalCents > 0 && !shop.isClosed && lines.length > 0
        ? { label: `Invia ordine (${articles(itemCount)}) - ${formatEuro(finalCents)}`, href: '/ecommerce/checkout', isDisabled: isPricing }
        : null,
  };
}

export type CartView = ReturnType<typeof connectCart>;
