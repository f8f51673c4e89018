import { CATEGORY_GROUP_LABELS, CATEGORY_GROUPS, NO_GROUP_LABEL } from '../../domain';
import {
  BLANK_CATEGORY,
  createCategoryEditorActors,
  createCategoryListActors,
  NO_GROUP,
  type CategoryRow,
} from '../../api/adminCatalogueActors';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminCheckbox, AdminSelect, AdminTextField, RecordForm, useListEditor } from '../ui/editor';
import { ListWithEditor } from '../ui/list';
import { OrderedList, type OrderedListSpec } from './OrderedList';

const GROUP_OPTIONS = [
  ...CATEGORY_GROUPS.map((group) => ({ id: group, label: CATEGORY_GROUP_LABELS[group] })),
  { id: NO_GROUP, label: NO_GROUP_LABEL },
];

const groupLabel = (group: CategoryRow['group']) => (group ? CATEGORY_GROUP_LABELS[group] : NO_GROUP_LABEL);
const productsText = (n: number) => (n === 0 ? 'Nessun prodotto' : n === 1 ? '1 prodotto' : `${n} prodotti`);

/** 'Categorie' (from Menu): the menu's order, names, visibility, additions and kitchen groups. */
export function CategoriesAdmin() {
  usePageTitle('Categorie - Amministrazione');
  return (
    <ListWithEditor
      list={<OrderedList spec={CATEGORIES} />}
      editor={(id) => <CategoryEditor categoryId={id} />}
      newSlug={CATEGORIES.newSlug}
    />
  );
}

const CATEGORIES: OrderedListSpec<CategoryRow> = {
  id: 'admin-categories-title',
  title: 'Categorie',
  path: '/admin/menu/categorie',
  newLabel: 'Nuova categoria',
  newSlug: 'nuova',
  hint: 'I clienti vedono le categorie in quest’ordine. Il gruppo dice alla cucina come contare i prodotti per la capacità del forno e nei conteggi della cassa. Una categoria con prodotti, anche archiviati, non si può eliminare.',
  emptyText: 'Nessuna categoria trovata.',
  caption: 'Categorie del menu, in ordine',
  columns: [
    { header: 'Posizione', cell: (row) => row.position },
    { header: 'Categoria', cell: (row) => row.name, names: true },
    { header: 'Gruppo', cell: (row) => groupLabel(row.group) },
    { header: 'Prodotti', cell: (row) => productsText(row.products) },
    { header: 'Stato', cell: (row) => (row.visible ? 'Visibile' : 'Nascosta') },
  ],
  createActors: createCategoryListActors,
  canRemove: (row) => row.products === 0,
  canEdit: (row) => !row.locked,
};

function CategoryEditor({ categoryId }: { categoryId: number | null }) {
  const { view, backToList } = useListEditor(
    createCategoryEditorActors,
    { id: categoryId, blank: BLANK_CATEGORY },
    '/admin/menu/categorie',
  );
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={categoryId === null ? 'Nuova categoria' : view.savedValues.name || 'Categoria'} onLeave={backToList}>
        <AdminTextField label="Nome" field={view.field('name')} description="Da 2 a 100 caratteri, diverso dalle altre categorie" />
        <AdminSelect label="Gruppo in cucina" field={view.field('group')} options={GROUP_OPTIONS} />
        <AdminCheckbox label="Visibile nel menu" field={view.field('visible')} />
        <AdminCheckbox label="Aggiunte disponibili" field={view.field('additions_enabled')} />
      </RecordForm>
    </section>
  );
}
