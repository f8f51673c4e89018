import { useCallback, useMemo } from 'react';
import { Link } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { connectCart } from '../../machines/cart.connect';
import type { CartSnapshot, CartEvent } from '../../machines/cart.machine';
import { useAppActors, useView } from '../actors/AppActors';
import { ClosedShopNotice } from '../ui/ClosedShopNotice';
import { ProductDialog, useProductDialog } from '../menu';
import { CartLineItem } from './CartLineItem';
import { CartTotals } from './CartTotals';
import { servedZones } from '../domain';
import { usePageTitle } from '../ui/usePageTitle';
import { withAriaRouter } from '../ui/AriaRouter';

/** /ecommerce/cart — the lines with their buttons, the server's totals and the way to the checkout. */
function CartPage() {
  usePageTitle('Carrello');
  const { cart, shop } = useAppActors();
  const isClosed = useSelector(shop, (s) => s.context.closed);
  const zonesCharge = useSelector(shop, (s) => servedZones(s.context.zones).some((zone) => zone.feeCents > 0));
  const products = useSelector(shop, (s) => s.context.products);
  const productsById = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const connect = useCallback(
    (snapshot: CartSnapshot, send: (event: CartEvent) => void) => connectCart(snapshot, send, { isClosed, zonesCharge }),
    [isClosed, zonesCharge],
  );
  const view = useView(cart, connect);
  const dialog = useProductDialog();

  return (
    <section className="page page--narrow cart">
      <h1>Carrello</h1>
      <ClosedShopNotice />
      {view.emptyMessage && <p>{view.emptyMessage}</p>}
      <ul className="cart-lines" aria-busy={view.isPricing}>
        {view.lines.map((line) => {
          const product = productsById.get(line.edit.productId);
          return <CartLineItem key={line.key} line={line} onEdit={product ? () => dialog.open(product, line.edit.line) : null} />;
        })}
      </ul>
      {view.totals && !view.isEmpty && <CartTotals totals={view.totals} finalLabel="Da pagare" />}
      {view.feeNote && <p className="muted">{view.feeNote}</p>}
      <div className="cart-actions">
        <Link className="button button--secondary" href="/ecommerce">
          Aggiungi altre pizze
        </Link>
        {view.checkoutButton && (
          <Link className="button button--primary" href={view.checkoutButton.href} isDisabled={view.checkoutButton.isDisabled}>
            {view.checkoutButton.label}
          </Link>
        )}
      </div>
      <ProductDialog actor={dialog.actor} />
    </section>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ CartPage });
