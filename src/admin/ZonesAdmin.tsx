import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { BLANK_ZONE, createZoneEditorActors, createZoneListActors, type ZoneRow } from '../api/adminZonesActors';
import { useAppActors } from '../actors/AppActors';
import { usePageTitle } from '../ui/usePageTitle';
import { DELIVERY_FEE_LABEL, formatEuro, MIN_ORDER_LABEL } from '../domain';
import { AdminCheckbox, AdminTextField, EuroField, RecordForm, useListEditor } from './ui/editor';
import { AdminTable, EditAndRemove, ListFrame, ListWithEditor, useRecordList, useReloadOnMount } from './ui/list';

/** 'Zone': the delivery areas customers and the cassa choose from. */
export function ZonesAdmin() {
  usePageTitle('Zone - Amministrazione');
  return <ListWithEditor list={<ZoneList />} editor={(id) => <ZoneEditor zoneId={id} />} newSlug="nuova" />;
}

const feeText = (cents: number) => (cents === 0 ? 'Gratis' : formatEuro(cents));
const minimumText = (cents: number) => (cents === 0 ? 'Nessuno' : formatEuro(cents));
const usesText = (uses: number) => (uses === 0 ? 'Mai usata' : uses === 1 ? 'Usata 1 volta' : `Usata ${uses} volte`);

function ZoneList() {
  const { api } = useAppActors();
  const actors = useMemo(() => createZoneListActors(api), [api]);
  const view = useRecordList<ZoneRow>(actors);
  useReloadOnMount(view);
  return (
    <section aria-labelledby="admin-zones-title">
      <div className="admin-editor__header">
        <h1 id="admin-zones-title">Zone</h1>
        <Link className="button button--primary" href="/admin/zone/nuova">
          Nuova zona
        </Link>
      </div>
      <p className="admin-hint">
        Una zona disattivata non è più proposta ai clienti né alla cassa; gli ordini continuano a mostrarla. Una zona mai usata si può
        eliminare. Il costo di consegna è una riga dell&apos;ordine (mai scontata); l&apos;ordine minimo vale per i clienti online sulla
        merce prima degli sconti, la cassa può scendere sotto.
      </p>
      <ListFrame view={view} label="Zone" emptyText="Nessuna zona trovata.">
        {view.rows.length > 0 && (
          <AdminTable caption="Zone di consegna" columns={['Zona', 'Stato', DELIVERY_FEE_LABEL, MIN_ORDER_LABEL, 'Uso']}>
            {view.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.locked ? 'Bloccata' : row.active ? 'Attiva' : 'Disattivata'}</td>
                <td>{feeText(row.feeCents)}</td>
                <td>{minimumText(row.minOrderCents)}</td>
                <td>{usesText(row.uses)}</td>
                <td className="admin-table__actions">
                  {!row.locked && (
                    <EditAndRemove
                      name={row.name}
                      editHref={`/admin/zone/${row.id}`}
                      canRemove={row.uses === 0}
                      isDisabled={view.isBusy}
                      onRemove={() => view.act(row.id, 'zone.remove')}
                    />
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListFrame>
    </section>
  );
}

function ZoneEditor({ zoneId }: { zoneId: number | null }) {
  const { view, backToList } = useListEditor(createZoneEditorActors, { id: zoneId, blank: BLANK_ZONE }, '/admin/zone');
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={zoneId === null ? 'Nuova zona' : view.savedValues.name || 'Zona'} onLeave={backToList}>
        <AdminTextField label="Nome" field={view.field('name')} description="Da 2 a 100 caratteri, diverso dalle altre zone" />
        <EuroField label={DELIVERY_FEE_LABEL} field={view.field('fee')} />
        <EuroField label={MIN_ORDER_LABEL} field={view.field('min_order')} />
        {!view.isNew && <AdminCheckbox label="Attiva" field={view.field('active')} />}
      </RecordForm>
    </section>
  );
}
