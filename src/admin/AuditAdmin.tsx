import { useMemo, useState } from 'react';
import { createAuditActors, type AuditRow } from '../api/adminActors';
import { useAppActors } from '../actors/AppActors';
import { DateField, NO_DATE } from '../ui/DateField';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminListScreen, RecordTable, useRecordList, type Column } from './ui/list';

const ACTION_LABELS: Record<AuditRow['action'], string> = {
  create: 'Creato',
  update: 'Modificato',
  delete: 'Eliminato',
  archive: 'Archiviato',
};

const ENTITY_LABELS: Record<string, string> = {
  product: 'Prodotto',
  category: 'Categoria',
  dough: 'Impasto',
  zone: 'Zona',
  staff: 'Account',
  special_day: 'Giorno speciale',
  discount_code: 'Codice sconto',
  post: 'Notizia',
  settings: 'Impostazioni:',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'nome',
  price: 'prezzo',
  description: 'descrizione',
  note: 'nota',
  image_url: 'immagine',
  visible: 'visibile',
  is_upsell: 'proposto',
  category_id: 'categoria',
  allow_variants: 'impasti',
  variant_ids: 'impasti offerti',
  archived: 'archiviato',
  sold_out: 'esaurito oggi',
  code: 'codice',
  kind: 'tipo',
  amount: 'sconto',
  min_order: 'ordine minimo',
  fee: 'costo di consegna',
  delivery: 'valido per',
  valid_from: 'valido dal',
  valid_until: 'valido fino al',
  label: 'descrizione',
  active: 'attivo',
  date_from: 'dal',
  date_until: 'al',
  closed: 'chiuso',
  first_slot: 'primo orario',
  last_slot: 'ultimo orario',
  message: 'messaggio',
  position: 'posizione',
  additions_enabled: 'aggiunte',
  group: 'gruppo',
  price_modifier: 'supplemento',
  allergens: 'allergeni',
  may_contain: 'può contenere',
  diet: 'indicazioni',
  frozen: 'surgelato',
  base: 'impasto di base',
  base_dough_id: 'impasto di base',
};

const shown = (value: unknown) =>
  value === true
    ? 'sì'
    : value === false
      ? 'no'
      : value === null || value === ''
        ? '—'
        : Array.isArray(value)
          ? value.join(', ')
          : String(value);

const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

/** "prezzo: 6,50 → 6,80" for each changed field; a creation lists the fields it set ("Nuovo: nome: Diavola; prezzo: 7,50"). */
function describeChange(row: AuditRow): string {
  if (!row.after) return 'Rimosso';
  const { before, after } = row;
  if (!before) {
    const set = Object.entries(after).filter(
      ([, value]) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
    );
    const fields = set.map(([key, value]) => `${fieldLabel(key)}: ${shown(value)}`).join('; ');
    return fields ? `Nuovo: ${fields}` : 'Nuovo';
  }
  return Object.keys(after)
    .map((key) => `${fieldLabel(key)}: ${shown(before[key])} → ${shown(after[key])}`)
    .join('; ');
}

const timeOf = (at: string) => new Date(at).toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

/** 'Registro modifiche': who changed what on a day, newest first. */
export function AuditAdmin() {
  usePageTitle('Registro modifiche - Amministrazione');
  // Empty: the shop's today, as the server's clock has it.
  const [date, setDate] = useState<string | null>(null);
  return (
    <AdminListScreen id="admin-audit-title" title="Registro modifiche">
      <DateField
        label="Giorno"
        value={date ?? ''}
        onChange={(value) => setDate(value || null)}
        description="Nessuna data: oggi"
        clearLabel={NO_DATE}
      />
      {/* Another day is another list. */}
      <AuditDay key={date ?? 'oggi'} date={date} />
    </AdminListScreen>
  );
}

const COLUMNS: readonly Column<AuditRow>[] = [
  { header: 'Quando', cell: (row) => timeOf(row.at) },
  { header: 'Chi', cell: (row) => row.userName },
  { header: 'Elemento', cell: (row) => `${ENTITY_LABELS[row.entity] ?? row.entity} ${row.label}`, names: true },
  { header: 'Azione', cell: (row) => ACTION_LABELS[row.action] },
  { header: 'Prima → Dopo', cell: describeChange },
];

/** The register is read-only: a table without actions. */
function AuditDay({ date }: { date: string | null }) {
  const { api } = useAppActors();
  const actors = useMemo(() => createAuditActors(api, date), [api, date]);
  const view = useRecordList<AuditRow>(actors);
  return (
    <RecordTable
      view={view}
      label="Registro modifiche"
      emptyText="Nessuna modifica in questo giorno."
      caption="Modifiche del giorno"
      columns={COLUMNS}
    />
  );
}
