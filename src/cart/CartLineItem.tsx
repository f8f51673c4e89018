import { Button } from 'react-aria-components';
import type { CartView } from '../../machines/cart.connect';
import { ProductImage } from '../menu';

type Line = CartView['lines'][number];

/** One cart line: image, name, dough and additions, quantity buttons, line total, 'Modifica' and 'Rimuovi'. */
export function CartLineItem({
  line,
  note,
  onEdit,
  headingLevel = 2,
}: {
  line: Line;
  note?: string | null;
  onEdit: (() => void) | null;
  headingLevel?: 2 | 3;
}) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="cart-line">
      <ProductImage src={line.imageUrl} className="cart-line__image" />
      <div className="cart-line__text">
        <Name className="cart-line__name">{line.name}</Name>
        <p className="muted">Prezzo base: {line.basePrice}</p>
        {line.dough && <p>Impasto: {line.dough}</p>}
        {line.additions.length > 0 && <p>Aggiunte: {line.additions.join(', ')}</p>}
        {note && <p className="muted">{note}</p>}
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
          <Button className="button button--secondary" isDisabled={!onEdit} onPress={() => onEdit?.()}>
            Modifica
          </Button>
          <Button className="button button--secondary" {...line.removeButton}>
            Rimuovi
          </Button>
        </div>
      </div>
    </li>
  );
}
