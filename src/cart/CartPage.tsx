import { useCallback, useMemo } from 'react';
import { Link } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { connectCart } from '../../machines/cart.connect';
import type { CartSnapshot, CartEvent } from '../../machines/cart.machine';
import { useAppActors, useView } from '../actors/AppActors';
import { ClosedShopNotice } from '../ui/ClosedShopNotice';
import { ProductDialog, useProductDialog } from '../menu';
import { CartLineItem } from './CartLineItem';
import { usePageTitle } from '../ui/usePageTitle';

/** /ecommerce/cart — the lines with their buttons, the server's totals and the way to the checkout. */
export function CartPage() {
  usePageTitle('Carrello');
  const { cart, shop } = useAppActors();
  const isClosed = useSelector(shop, (s) => s.context.closed);
  const products = useSelector(shop, (s) => s.context.products);
  const productsById = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const connect = useCallback(
    (snapshot: CartSnapshot, send: (event: CartEvent) => void) => connectCart(snapshot, send, { isClosed }),
    [isClosed],
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
      {view.totals && !view.isEmpty && (
        <dl className="cart-totals" aria-live="polite">
          <dt>Totale</dt>
          <dd>{view.totals.total}</dd>
          {view.totals.discount && (
            <>
              <dt>Sconto</dt>
              <dd>{view.totals.discount}</dd>
              <dt>Da pagare</dt>
              <dd>{view.totals.final}</dd>
            </>
          )}
        </dl>
      )}
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
