import type { CartView } from '../../machines/cart.connect';
import { DELIVERY_FEE_LABEL } from '../domain';

/**
 * The server's totals of a cart: total, the discount when one applies, the delivery fee, what is left
 * to pay, and the zone's minimum when it is not reached.
 */
export function CartTotals({ totals, finalLabel }: { totals: NonNullable<CartView['totals']>; finalLabel: string }) {
  return (
    <>
      <dl className="cart-totals" aria-live="polite">
        <dt>Totale</dt>
        <dd>{totals.total}</dd>
        {totals.discount && (
          <>
            <dt>Sconto</dt>
            <dd>{totals.discount}</dd>
          </>
        )}
        {totals.deliveryFee && (
          <>
            <dt>{DELIVERY_FEE_LABEL}</dt>
            <dd>{totals.deliveryFee}</dd>
          </>
        )}
        <dt>{finalLabel}</dt>
        <dd>{totals.final}</dd>
      </dl>
      {/* Said before the confirm: a customer's checkout refuses it, the cassa may go on. */}
      {totals.belowMinimum && <p className="notice">{totals.belowMinimum}</p>}
    </>
  );
}
