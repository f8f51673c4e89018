import { useMemo, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
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
import { AdminCheckbox, AdminSelect, AdminTextField, EuroField, RecordForm, useListEditor } from '../ui/editor';
import { AllergenFields, DietMarkField } from '../ui/allergenFields';
import { ProductImageField } from './ProductImageField';
import { AdminListScreen, EditAndRemove, RecordTable, useEditorRoute, useRecordList, useReloadOnMount, type Column } from '../ui/list';

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

/** One set of widths for every category's table: the columns stay put from one category to the next. */
const PRODUCT_COLUMNS: readonly Column<MenuProductRow>[] = [
  { header: 'Prodotto', cell: (row) => row.name, names: true, width: '40%' },
  { header: 'Prezzo', cell: (row) => formatEuro(toCents(row.price)), width: '15%' },
  { header: 'Stato', cell: statusOf, width: '20%' },
];

function ProductList({ view, options }: { view: MenuListView; options: MenuOptions }) {
  useReloadOnMount(view);
  return (
    <AdminListScreen
      id="admin-menu-title"
      title="Menu"
      links={[
        { href: '/admin/menu/categorie', label: 'Categorie' },
        { href: '/admin/menu/impasti', label: 'Impasti' },
        { href: '/admin/menu/prezzi', label: 'Aumento prezzi' },
        { href: '/admin/menu/prodotti/nuovo', label: 'Nuovo prodotto', primary: true },
      ]}
    >
      <RecordTable
        view={view}
        label="Menu"
        emptyText="Nessun prodotto trovato."
        columns={PRODUCT_COLUMNS}
        actionsWidth="25%"
        groups={(rows) =>
          options.categories
            .map((category) => ({ key: category.id, caption: category.name, rows: rows.filter((row) => row.categoryId === category.id) }))
            .filter((group) => group.rows.length > 0)
        }
        actions={(row) => (
          <EditAndRemove
            name={row.name}
            editHref={`/admin/menu/prodotti/${row.id}`}
            canRemove={!row.archived}
            isDisabled={view.isBusy}
            onRemove={() => view.act(row.id, 'product.remove')}
          />
        )}
      />
    </AdminListScreen>
  );
}

const DOUGH_OFFERS = [
  { id: DOUGH_OFFER.plainOnly, label: 'Nessuno (solo impasto classico)' },
  { id: DOUGH_OFFER.chosen, label: 'Solo gli impasti scelti' },
  { id: DOUGH_OFFER.every, label: 'Tutti gli impasti scelti, anche online' },
];

function ProductEditorRoute({ options }: { options: MenuOptions }) {
  const { key, id } = useEditorRoute('nuovo');
  return <ProductEditor key={key} productId={id} options={options} />;
}

function ProductEditor({ productId, options }: { productId: number | null; options: MenuOptions }) {
  const {
    actor: editor,
    view,
    backToList,
  } = useListEditor(createProductEditorActors, { id: productId, blank: BLANK_PRODUCT }, '/admin/menu');
  const { name, variant_ids: chosen } = view.values;
  // Base doughs are what a product is made on, never a customer's choice.
  const offered = options.doughs.filter((dough) => !dough.base);
  const baseDoughs = options.doughs.filter((dough) => dough.base).map((dough) => ({ id: dough.id, label: dough.name }));
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
            {offered.map((dough) => (
              <label key={dough.id} className="admin-checkbox">
                <input type="checkbox" checked={chosen.includes(dough.id)} onChange={(e) => toggleDough(dough.id, e.target.checked)} />
                {`${dough.name} (+${formatEuro(toCents(dough.priceModifier))})`}
              </label>
            ))}
          </fieldset>
        )}
        <AdminSelect label="Impasto di base" field={view.field('base_dough_id')} placeholder="Nessuno" options={baseDoughs} />
        <AllergenFields allergens={view.field('allergens')} mayContain={view.field('may_contain')} />
        <DietMarkField field={view.field('diet')} />
        <AdminCheckbox label="Surgelato all'origine" field={view.field('frozen')} />
      </RecordForm>
    </section>
  );
}
