import { useCallback, useMemo } from 'react';
import { Button, Link } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { connectCart, type CartSnapshot, type CartEvent } from '../../machines/cart.machine';
import { useAppActors, useView } from '../app/AppActors';
import { ClosedShopNotice } from '../app/ClosedShopNotice';
import { ProductDialog, ProductImage, useProductDialog } from '../menu';
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
          return (
            <li key={line.key} className="cart-line">
              <ProductImage src={line.imageUrl} className="cart-line__image" />
              <div className="cart-line__text">
                <h2 className="cart-line__name">{line.name}</h2>
                <p className="muted">Prezzo base: {line.basePrice}</p>
                {line.dough && <p>Impasto: {line.dough}</p>}
                {line.additions.length > 0 && <p>Aggiunte: {line.additions.join(', ')}</p>}
              </div>
              <div className="cart-line__actions">
                <div className="quantity" role="group" aria-label={`Quantità di ${line.name}`}>
                  <Button className="icon-button" {...line.decrementButton}>
                    −
                  </Button>
                  <output aria-live="polite">{line.qty}</output>
                  <Button className="icon-button" {...line.incrementButton}>
                    +
                  </Button>
                </div>
                <p className="price cart-line__total">{line.total}</p>
                <div className="cart-line__buttons">
                  <Button
                    className="button button--secondary"
                    isDisabled={!product}
                    onPress={() => product && dialog.open(product, line.edit.line)}
                  >
                    Modifica
                  </Button>
                  <Button className="button button--secondary" {...line.removeButton}>
                    Rimuovi
                  </Button>
                </div>
              </div>
            </li>
          );
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
