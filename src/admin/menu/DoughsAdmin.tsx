import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { formatEuro, toCents } from '../../domain';
import { BLANK_DOUGH, createDoughEditorActors, createDoughListActors, type DoughRow } from '../../api/adminCatalogueActors';
import { useAppActors } from '../../actors/AppActors';
import { usePageTitle } from '../../ui/usePageTitle';
import { AdminTextField, EuroField, RecordForm, useListEditor } from '../ui/editor';
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

const offeredText = (n: number) => (n === 0 ? 'Nessun prodotto' : n === 1 ? '1 prodotto' : `${n} prodotti`);

/** 'Impasti' (from Menu): the doughs the product dialog and the cassa offer, their price modifiers and order. */
export function DoughsAdmin() {
  usePageTitle('Impasti - Amministrazione');
  return <ListWithEditor list={<DoughList />} editor={(id) => <DoughEditor doughId={id} />} newSlug="nuovo" />;
}

function DoughList() {
  const { api } = useAppActors();
  const actors = useMemo(() => createDoughListActors(api), [api]);
  const view = useRecordList<DoughRow>(actors);
  useReloadOnMount(view);
  const focus = useRowActionFocus(view);
  return (
    <section aria-labelledby="admin-doughs-title">
      <div className="admin-editor__header">
        <h1 id="admin-doughs-title">Impasti</h1>
        <div className="admin-savebar">
          <Link className="button" href="/admin/menu">
            Torna al menu
          </Link>
          <Link className="button button--primary" href="/admin/menu/impasti/nuovo">
            Nuovo impasto
          </Link>
        </div>
      </div>
      <p className="admin-hint">
        Il supplemento si aggiunge al prezzo della pizza. Un nuovo supplemento vale dal prossimo carrello; gli ordini già fatti tengono il
        loro prezzo. Quali impasti offre ogni prodotto si sceglie nel prodotto.
      </p>
      <div ref={focus.container}>
        <ListFrame view={view} label="Impasti" emptyText="Nessun impasto trovato.">
          {view.rows.length > 0 && (
            <AdminTable caption="Impasti, nell’ordine in cui sono proposti" columns={['Posizione', 'Impasto', 'Supplemento', 'Offerto da']}>
              {view.rows.map((row, index) => (
                <tr key={row.id} aria-busy={view.isPending(row.id) || undefined}>
                  <td>{row.position}</td>
                  <th scope="row">{row.name}</th>
                  <td>{`+${formatEuro(toCents(row.priceModifier))}`}</td>
                  <td>{offeredText(row.products)}</td>
                  <td className="admin-table__actions">
                    <MoveButtons name={row.name} id={row.id} index={index} count={view.rows.length} view={view} focus={focus} />
                    <EditAndRemove
                      name={row.name}
                      editHref={`/admin/menu/impasti/${row.id}`}
                      canRemove={row.uses === 0}
                      isDisabled={view.isBusy}
                      onRemove={() => focus.act(row.id, 'remove')}
                    />
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

function DoughEditor({ doughId }: { doughId: number | null }) {
  const { view, backToList } = useListEditor(createDoughEditorActors, { id: doughId, blank: BLANK_DOUGH }, '/admin/menu/impasti');
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={doughId === null ? 'Nuovo impasto' : view.savedValues.name || 'Impasto'} onLeave={backToList}>
        <AdminTextField label="Nome" field={view.field('name')} description="Da 2 a 100 caratteri, diverso dagli altri impasti" />
        <EuroField label="Supplemento" field={view.field('price_modifier')} />
      </RecordForm>
    </section>
  );
}
