import { BLANK_CODE, createDiscountCodeEditorActors, createDiscountCodeListActors, type DiscountCodeRow } from '../api/adminCodesActors';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminCheckbox, AdminDateField, AdminSelect, AdminTextField, EuroField, RecordForm, useListEditor } from './ui/editor';
import { AdminListScreen, EditLink, ListWithEditor, RecordTable, useListScreen, type Column } from './ui/list';

/** 'Codici sconto': the codes with their use, and the editor of one code. */
export function DiscountCodesAdmin() {
  usePageTitle('Codici sconto - Amministrazione');
  return <ListWithEditor list={<CodeList />} editor={(id) => <CodeEditor codeId={id} />} newSlug="nuovo" />;
}

const COLUMNS: readonly Column<DiscountCodeRow>[] = [
  {
    header: 'Codice',
    names: true,
    cell: (row) => (
      <>
        {row.code}
        <br />
        <span className="admin-hint">{row.label}</span>
      </>
    ),
  },
  { header: 'Sconto', cell: (row) => row.summary },
  { header: 'Stato', cell: (row) => (row.active ? 'Attivo' : 'Disattivato') },
  { header: 'Usato', cell: (row) => (row.timesUsed === 1 ? '1 volta' : `${row.timesUsed} volte`) },
];

function CodeList() {
  const view = useListScreen<DiscountCodeRow>(createDiscountCodeListActors);
  return (
    <AdminListScreen
      id="admin-codes-title"
      title="Codici sconto"
      links={[{ href: '/admin/codici-sconto/nuovo', label: 'Nuovo codice', primary: true }]}
    >
      <RecordTable
        view={view}
        label="Codici sconto"
        emptyText="Nessun codice trovato."
        caption="Codici"
        columns={COLUMNS}
        actions={(row) => <EditLink name={row.code} href={`/admin/codici-sconto/${row.id}`} />}
      />
    </AdminListScreen>
  );
}

const KINDS = [
  { id: 'percent', label: 'Percentuale (%)' },
  { id: 'fixed', label: 'Importo fisso (€)' },
] as const;

const DELIVERIES = [
  { id: 'any', label: 'Consegna e ritiro' },
  { id: 'consegna', label: 'Solo consegna a domicilio' },
  { id: 'ritiro', label: 'Solo ritiro in pizzeria' },
] as const;

function CodeEditor({ codeId }: { codeId: number | null }) {
  const { view, backToList } = useListEditor(createDiscountCodeEditorActors, { id: codeId, blank: BLANK_CODE }, '/admin/codici-sconto');
  const title = codeId === null ? 'Nuovo codice' : view.values.code || 'Codice';
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={title} onLeave={backToList}>
        <AdminTextField label="Codice" field={view.field('code')} description="Da 3 a 50 caratteri: lettere, cifre e trattini" />
        <AdminTextField label="Descrizione" field={view.field('label')} />
        <AdminSelect label="Tipo di sconto" field={view.field('kind')} options={KINDS} />
        {view.values.kind === 'fixed' ? (
          <EuroField label="Sconto" field={view.field('amount')} />
        ) : (
          <AdminTextField label="Sconto" field={view.field('amount')} inputMode="decimal" description="Percentuale, da 1 a 100" />
        )}
        <EuroField label="Ordine minimo" field={view.field('min_order')} />
        <AdminSelect label="Valido per" field={view.field('delivery')} options={DELIVERIES} />
        <AdminDateField label="Valido dal" field={view.field('valid_from')} description="Nessuna data: da subito" optional />
        <AdminDateField label="Valido fino al" field={view.field('valid_until')} description="Nessuna data: senza scadenza" optional />
        <AdminCheckbox label="Attivo" field={view.field('active')} />
      </RecordForm>
    </section>
  );
}
