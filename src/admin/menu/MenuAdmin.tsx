import { useCallback, useMemo, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { DOUGH_OFFER, formatEuro, offersDoughs, toCents } from '../../domain';
import {
  BLANK_PRODUCT,
  createMenuListActors,
  createProductEditorActors,
  type MenuCategory,
  type MenuDough,
  type MenuProductRow,
} from '../../api/adminActors';
import { useAppActors } from '../../actors/AppActors';
import { usePageTitle } from '../../ui/usePageTitle';
import { BulkPriceAdmin } from './BulkPriceAdmin';
import { CategoriesAdmin } from './CategoriesAdmin';
import { DoughsAdmin } from './DoughsAdmin';
import { AdminCheckbox, AdminSelect, AdminTextField, EuroField, RecordForm, useRecordEditorActor } from '../ui/editor';
import { ProductImageField } from './ProductImageField';
import { AdminTable, ListFrame, useRecordList, useReloadOnMount } from '../ui/list';

interface MenuOptions {
  categories: MenuCategory[];
  doughs: MenuDough[];
}

/** 'Menu': the products by category, and the editor of one product. */
export function MenuAdmin() {
  usePageTitle('Menu - Amministrazione');
  const { api } = useAppActors();
  const [options, setOptions] = useState<MenuOptions>({ categories: [], doughs: [] });
  // One list for the menu area: the editor's choices come with it, whichever page opens first.
  const actors = useMemo(() => createMenuListActors(api, setOptions), [api]);
  const list = useRecordList<MenuProductRow>(actors);
  return (
    <Routes>
      <Route index element={<ProductList view={list} options={options} />} />
      <Route path="prodotti/:id" element={<ProductEditorRoute options={options} />} />
      <Route path="prezzi" element={<BulkPriceAdmin categories={options.categories} />} />
      <Route path="categorie/*" element={<CategoriesAdmin />} />
      <Route path="impasti/*" element={<DoughsAdmin />} />
    </Routes>
  );
}

type MenuListView = ReturnType<typeof useRecordList<MenuProductRow>>;

const statusOf = (row: MenuProductRow) =>
  row.archived ? 'Archiviato' : !row.visible ? 'Nascosto' : row.soldOut ? 'Esaurito oggi' : 'In vendita';

function ProductList({ view, options }: { view: MenuListView; options: MenuOptions }) {
  useReloadOnMount(view);
  const byCategory = options.categories
    .map((category) => ({ category, rows: view.rows.filter((row) => row.categoryId === category.id) }))
    .filter((group) => group.rows.length > 0);
  return (
    <section aria-labelledby="admin-menu-title">
      <div className="admin-editor__header">
        <h1 id="admin-menu-title">Menu</h1>
        <div className="admin-savebar">
          <Link className="button" href="/admin/menu/categorie">
            Categorie
          </Link>
          <Link className="button" href="/admin/menu/impasti">
            Impasti
          </Link>
          <Link className="button" href="/admin/menu/prezzi">
            Aumento prezzi
          </Link>
          <Link className="button button--primary" href="/admin/menu/prodotti/nuovo">
            Nuovo prodotto
          </Link>
        </div>
      </div>
      <ListFrame view={view} label="Menu" emptyText="Nessun prodotto trovato.">
        {byCategory.map(({ category, rows }) => (
          <AdminTable key={category.id} caption={category.name} columns={['Prodotto', 'Prezzo', 'Stato']}>
            {rows.map((row) => (
              <tr key={row.id} aria-busy={view.isPending(row.id) || undefined}>
                <th scope="row">{row.name}</th>
                <td>{formatEuro(toCents(row.price))}</td>
                <td>{statusOf(row)}</td>
                <td className="admin-table__actions">
                  <Link className="button" href={`/admin/menu/prodotti/${row.id}`} aria-label={`Modifica ${row.name}`}>
                    Modifica
                  </Link>
                  {!row.archived && (
                    <Button
                      className="button"
                      aria-label={`Elimina ${row.name}`}
                      isDisabled={view.isBusy}
                      onPress={() => view.act(row.id, 'product.remove')}
                    >
                      Elimina
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        ))}
      </ListFrame>
    </section>
  );
}

const DOUGH_OFFERS = [
  { id: DOUGH_OFFER.plainOnly, label: 'Nessuno (solo impasto classico)' },
  { id: DOUGH_OFFER.chosen, label: 'Solo gli impasti scelti' },
  { id: DOUGH_OFFER.every, label: 'Tutti gli impasti scelti, anche online' },
];

function ProductEditorRoute({ options }: { options: MenuOptions }) {
  const { id } = useParams();
  const productId = id === 'nuovo' ? null : Number(id);
  // A new product or another id is a new editor.
  return <ProductEditor key={id} productId={productId} options={options} />;
}

function ProductEditor({ productId, options }: { productId: number | null; options: MenuOptions }) {
  const { api } = useAppActors();
  const navigate = useNavigate();
  const actors = useMemo(() => createProductEditorActors(api), [api]);
  const { actor: editor, view } = useRecordEditorActor(actors, { id: productId, blank: BLANK_PRODUCT });
  const backToList = useCallback(() => navigate('/admin/menu'), [navigate]);
  const { name, variant_ids: chosen } = view.values;
  usePageTitle(productId === null ? 'Nuovo prodotto - Amministrazione' : `${name || 'Prodotto'} - Amministrazione`);
  const toggleDough = (doughId: number, on: boolean) =>
    view.field('variant_ids').onChange([...new Set(on ? [...chosen, doughId] : chosen.filter((d) => d !== doughId))].sort((a, b) => a - b));
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={productId === null ? 'Nuovo prodotto' : name || 'Prodotto'} onLeave={backToList}>
        <AdminSelect
          label="Categoria"
          field={view.field('category_id')}
          placeholder="-- Scegli la categoria --"
          options={options.categories.map((c) => ({ id: c.id, label: c.name }))}
        />
        <AdminTextField label="Nome" field={view.field('name')} />
        <EuroField label="Prezzo" field={view.field('price')} />
        <AdminTextField label="Descrizione" field={view.field('description')} multiline />
        <AdminTextField label="Nota" field={view.field('note')} />
        <ProductImageField editor={editor} field={view.field('image_url')} />
        <AdminCheckbox label="Visibile nel menu" field={view.field('visible')} />
        <AdminCheckbox label="Proposto come aggiunta al carrello" field={view.field('is_upsell')} />
        {!view.isNew && <AdminCheckbox label="Archiviato" field={view.field('archived')} />}
        <AdminSelect label="Impasti" field={view.field('allow_variants')} options={DOUGH_OFFERS} />
        {offersDoughs(view.values.allow_variants) && (
          <fieldset className="admin-fieldset">
            <legend>Impasti offerti</legend>
            {options.doughs.map((dough) => (
              <label key={dough.id} className="admin-checkbox">
                <input type="checkbox" checked={chosen.includes(dough.id)} onChange={(e) => toggleDough(dough.id, e.target.checked)} />
                {`${dough.name} (+${formatEuro(toCents(dough.priceModifier))})`}
              </label>
            ))}
          </fieldset>
        )}
      </RecordForm>
    </section>
  );
}
