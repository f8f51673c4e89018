import { BLANK_ZONE, createZoneEditorActors, createZoneListActors, type ZoneRow } from '../api/adminZonesActors';
import { usePageTitle } from '../ui/usePageTitle';
import { DELIVERY_FEE_LABEL, formatEuro, MIN_ORDER_LABEL } from '../domain';
import { AdminCheckbox, AdminTextField, EuroField, RecordForm, useListEditor } from './ui/editor';
import { AdminListScreen, EditAndRemove, ListWithEditor, RecordTable, useListScreen, type Column } from './ui/list';

/** 'Zone': the delivery areas customers and the cassa choose from. */
export function ZonesAdmin() {
  usePageTitle('Zone - Amministrazione');
  return <ListWithEditor list={<ZoneList />} editor={(id) => <ZoneEditor zoneId={id} />} newSlug="nuova" />;
}

const feeText = (cents: number) => (cents === 0 ? 'Gratis' : formatEuro(cents));
const minimumText = (cents: number) => (cents === 0 ? 'Nessuno' : formatEuro(cents));
const usesText = (uses: number) => (uses === 0 ? 'Mai usata' : uses === 1 ? 'Usata 1 volta' : `Usata ${uses} volte`);

const COLUMNS: readonly Column<ZoneRow>[] = [
  { header: 'Zona', cell: (row) => row.name, names: true },
  { header: 'Stato', cell: (row) => (row.locked ? 'Bloccata' : row.active ? 'Attiva' : 'Disattivata') },
  { header: DELIVERY_FEE_LABEL, cell: (row) => feeText(row.feeCents) },
  { header: MIN_ORDER_LABEL, cell: (row) => minimumText(row.minOrderCents) },
  { header: 'Uso', cell: (row) => usesText(row.uses) },
];

function ZoneList() {
  const view = useListScreen<ZoneRow>(createZoneListActors);
  return (
    <AdminListScreen
      id="admin-zones-title"
      title="Zone"
      links={[{ href: '/admin/zone/nuova', label: 'Nuova zona', primary: true }]}
      hint="Una zona disattivata non è più proposta ai clienti né alla cassa; gli ordini continuano a mostrarla. Una zona mai usata si può eliminare. Il costo di consegna è una riga dell'ordine (mai scontata); l'ordine minimo vale per i clienti online sulla merce prima degli sconti, la cassa può scendere sotto."
    >
      <RecordTable
        view={view}
        label="Zone"
        emptyText="Nessuna zona trovata."
        caption="Zone di consegna"
        columns={COLUMNS}
        actions={(row, place) =>
          !row.locked && (
            <EditAndRemove
              name={row.name}
              editHref={`/admin/zone/${row.id}`}
              canRemove={row.uses === 0}
              isDisabled={view.isBusy}
              onRemove={() => place.focus.act(row.id, 'zone.remove')}
            />
          )
        }
      />
    </AdminListScreen>
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
