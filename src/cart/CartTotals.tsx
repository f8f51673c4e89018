import type { CartView } from '../../machines/cart.connect';

/** The server's totals of a cart: total, the discount when one applies, and what is left to pay. */
export function CartTotals({ totals, finalLabel }: { totals: NonNullable<CartView['totals']>; finalLabel: string }) {
  return (
    <dl className="cart-totals" aria-live="polite">
      <dt>Totale</dt>
      <dd>{totals.total}</dd>
      {totals.discount && (
        <>
          <dt>Sconto</dt>
          <dd>{totals.discount}</dd>
        </>
      )}
      <dt>{finalLabel}</dt>
      <dd>{totals.final}</dd>
    </dl>
  );
}
