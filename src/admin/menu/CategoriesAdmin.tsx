import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { CATEGORY_GROUP_LABELS, CATEGORY_GROUPS, NO_GROUP_LABEL } from '../../domain';
import {
  BLANK_CATEGORY,
  createCategoryEditorActors,
  createCategoryListActors,
  NO_GROUP,
  type CategoryRow,
} from '../../api/adminCatalogueActors';
import { useAppActors } from '../../actors/AppActors';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminCheckbox, AdminSelect, AdminTextField, RecordForm, useListEditor } from '../ui/editor';
import {
  AdminTable,
  EditAndRemove,
  ListFrame,
  ListWithEditor,
  MoveButtons,
  useRecordList,
  useReloadOnMount,
  useRowActionFocus,
} from '../ui/list';

const GROUP_OPTIONS = [
  ...CATEGORY_GROUPS.map((group) => ({ id: group, label: CATEGORY_GROUP_LABELS[group] })),
  { id: NO_GROUP, label: NO_GROUP_LABEL },
];

const groupLabel = (group: CategoryRow['group']) => (group ? CATEGORY_GROUP_LABELS[group] : NO_GROUP_LABEL);
const productsText = (n: number) => (n === 0 ? 'Nessun prodotto' : n === 1 ? '1 prodotto' : `${n} prodotti`);

/** 'Categorie' (from Menu): the menu's order, names, visibility, additions and kitchen groups. */
export function CategoriesAdmin() {
  usePageTitle('Categorie - Amministrazione');
  return <ListWithEditor list={<CategoryList />} editor={(id) => <CategoryEditor categoryId={id} />} newSlug="nuova" />;
}

function CategoryList() {
  const { api } = useAppActors();
  const actors = useMemo(() => createCategoryListActors(api), [api]);
  const view = useRecordList<CategoryRow>(actors);
  useReloadOnMount(view);
  const focus = useRowActionFocus(view);
  return (
    <section aria-labelledby="admin-categories-title">
      <div className="admin-editor__header">
        <h1 id="admin-categories-title">Categorie</h1>
        <div className="admin-savebar">
          <Link className="button" href="/admin/menu">
            Torna al menu
          </Link>
          <Link className="button button--primary" href="/admin/menu/categorie/nuova">
            Nuova categoria
          </Link>
        </div>
      </div>
      <p className="admin-hint">
        I clienti vedono le categorie in quest’ordine. Il gruppo dice alla cucina come contare i prodotti per la capacità del forno e nei
        conteggi della cassa. Una categoria con prodotti, anche archiviati, non si può eliminare.
      </p>
      <div ref={focus.container}>
        <ListFrame view={view} label="Categorie" emptyText="Nessuna categoria trovata.">
          {view.rows.length > 0 && (
            <AdminTable caption="Categorie del menu, in ordine" columns={['Posizione', 'Categoria', 'Gruppo', 'Prodotti', 'Stato']}>
              {view.rows.map((row, index) => (
                <tr key={row.id} aria-busy={view.isPending(row.id) || undefined}>
                  <td>{row.position}</td>
                  <th scope="row">{row.name}</th>
                  <td>{groupLabel(row.group)}</td>
                  <td>{productsText(row.products)}</td>
                  <td>{row.visible ? 'Visibile' : 'Nascosta'}</td>
                  <td className="admin-table__actions">
                    <MoveButtons name={row.name} id={row.id} index={index} count={view.rows.length} view={view} focus={focus} />
                    {!row.locked && (
                      <EditAndRemove
                        name={row.name}
                        editHref={`/admin/menu/categorie/${row.id}`}
                        canRemove={row.products === 0}
                        isDisabled={view.isBusy}
                        onRemove={() => focus.act(row.id, 'remove')}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </ListFrame>
      </div>
    </section>
  );
}

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
