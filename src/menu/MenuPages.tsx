import { useMemo } from 'react';
import { Button } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { FROZEN_LEGEND } from '../../machines/allergenText';
import { connectMenuFilter } from '../../machines/menuFilter.machine';
import type { Product } from '../../machines/shop.machine';
import { ClosedShopNotice } from '../ui/ClosedShopNotice';
import { useAppActors, useShop, useView } from '../actors/AppActors';
import { formatEuro, menuSections } from '../domain';
import { usePageHead } from '../ui/usePageHead';
import { CategoryBar, sectionId } from './CategoryBar';
import { ProductDialog } from './LazyProductDialog';
import { MenuFilter } from './MenuFilter';
import { ProductImage } from './ProductImage';
import { FrozenMark, ProductMarks } from './ProductMarks';
import { useMenuFilter } from './useMenuFilter';
import { useProductDialog } from './useProductDialog';
import { withAriaRouter } from '../ui/AriaRouter';

/** The shop's menu as customers see it, from the app-wide shop actor (primed from the page: no request). */
function useMenu() {
  const { shop } = useAppActors();
  const categories = useSelector(shop, (s) => s.context.categories);
  const products = useSelector(shop, (s) => s.context.products);
  return useMemo(() => menuSections(categories, products), [categories, products]);
}

/** The menu's sections as the allergen filter leaves them, and how many products it hides. */
function useFilteredMenu() {
  const all = useMenu();
  const filter = useView(useMenuFilter(), connectMenuFilter);
  return useMemo(() => {
    const { shown, hiddenMessage } = filter.apply(all.flatMap((s) => s.products));
    const sections = all.map((s) => ({ ...s, products: s.products.filter((p) => shown.includes(p)) })).filter((s) => s.products.length > 0);
    return { filter, sections, hiddenMessage, anyFrozen: shown.some((p) => p.frozen) };
  }, [all, filter]);
}

/** /ecommerce — the menu: category bar, the allergen filter, one section per category, the product dialog. */
function MenuPage() {
  usePageHead({ page: 'menu' });
  const { filter, sections, hiddenMessage, anyFrozen } = useFilteredMenu();
  const { isLoading } = useShop();
  const dialog = useProductDialog();
  const categories = useMemo(() => sections.map((s) => s.category), [sections]);
  return (
    <div className="menu">
      <h1>Menu</h1>
      {categories.length > 0 && <CategoryBar categories={categories} />}
      <ClosedShopNotice />
      <MenuFilter view={filter} hiddenMessage={hiddenMessage} />
      {isLoading && <p role="status">Caricamento in corso...</p>}
      {sections.map(({ category, products }) => (
        <section
          key={category.id}
          id={sectionId(category.id)}
          data-category-id={category.id}
          className="menu-section"
          aria-labelledby={`${sectionId(category.id)}-title`}
        >
          <h2 id={`${sectionId(category.id)}-title`}>{category.name}</h2>
          <ul className="product-list">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} onPress={() => dialog.open(product)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {anyFrozen && <p className="menu__legend">{FROZEN_LEGEND}</p>}
      <ProductDialog actor={dialog.actor} />
    </div>
  );
}

/** A product sold out today stays on the menu, greyed with 'Esaurito', and cannot be opened to add it. */
function ProductCard({ product, onPress }: { product: Product; onPress: () => void }) {
  return (
    <Button
      className={product.sold_out ? 'product-card product-card--soldout' : 'product-card'}
      onPress={onPress}
      isDisabled={product.sold_out}
    >
      <ProductImage src={product.image_url} />
      <span className="product-card__text">
        <span className="product-card__name">
          {product.name}
          <FrozenMark product={product} />
        </span>
        {product.description && <span className="product-card__description">{product.description}</span>}
        <ProductMarks product={product} />
        <span className="price">{formatEuro(product.priceCents)}</span>
        {product.sold_out && <span className="badge badge--soldout">Esaurito</span>}
      </span>
    </Button>
  );
}

/** /ecommerce/categories — the visible categories, in menu order. */
function CategoriesPage() {
  usePageHead({ page: 'categories' });
  const sections = useMenu();
  return (
    <section className="page page--narrow">
      <h1>Categorie</h1>
      <ul className="simple-list">
        {sections.map(({ category, products }) => (
          <li key={category.id}>
            {category.name} <span className="muted">({products.length})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /ecommerce/products — every product on sale, with its price. */
function ProductsPage() {
  usePageHead({ page: 'products' });
  const sections = useMenu();
  return (
    <section className="page page--narrow">
      <h1>Prodotti</h1>
      <ul className="simple-list">
        {sections.flatMap(({ products }) =>
          products.map((product) => (
            <li key={product.id}>
              <span>{product.name}</span> <span className="price">{formatEuro(product.priceCents)}</span>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ MenuPage, CategoriesPage, ProductsPage });
