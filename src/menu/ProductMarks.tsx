import { productMarks } from '../../machines/allergenText';
import type { Product } from '../../machines/shop.machine';

/** The card's diet marks and allergen marks; screen readers hear 'Contiene: Glutine, Latte' instead of the marks. */
export function ProductMarks({ product }: { product: Product }) {
  const { marks, text, diet } = productMarks(product);
  return (
    <span className="product-marks">
      {diet.map((label) => (
        <span key={label} className="badge badge--diet">
          {label}
        </span>
      ))}
      <span className="visually-hidden">{text}</span>
      {marks.length > 0 && (
        <span className="allergen-marks" aria-hidden="true">
          {marks.map(({ key, mark, trace }) => (
            <span key={`${key}${trace}`} className={trace ? 'allergen-mark allergen-mark--trace' : 'allergen-mark'}>
              {mark}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}

/** The frozen asterisk after a product's name (the legend under the menu explains it). */
export function FrozenMark({ product }: { product: Product }) {
  return product.frozen ? (
    <>
      <span aria-hidden="true">*</span>
      <span className="visually-hidden"> (prodotto surgelato o congelato all'origine)</span>
    </>
  ) : null;
}
