import { useMemo } from 'react';
import { Link } from 'react-aria-components';
import { BLANK_CODE, createDiscountCodeEditorActors, createDiscountCodeListActors, type DiscountCodeRow } from '../api/adminCodesActors';
import { useAppActors } from '../actors/AppActors';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminCheckbox, AdminSelect, AdminTextField, EuroField, RecordForm, useListEditor } from './ui/editor';
import { AdminTable, ListFrame, ListWithEditor, useRecordList, useReloadOnMount } from './ui/list';

/** 'Codici sconto': the codes with their use, and the editor of one code. */
export function DiscountCodesAdmin() {
  usePageTitle('Codici sconto - Amministrazione');
  return <ListWithEditor list={<CodeList />} editor={(id) => <CodeEditor codeId={id} />} newSlug="nuovo" />;
}

function CodeList() {
  const { api } = useAppActors();
  const actors = useMemo(() => createDiscountCodeListActors(api), [api]);
  const view = useRecordList<DiscountCodeRow>(actors);
  useReloadOnMount(view);
  return (
    <section aria-labelledby="admin-codes-title">
      <div className="admin-editor__header">
        <h1 id="admin-codes-title">Codici sconto</h1>
        <Link className="button button--primary" href="/admin/codici-sconto/nuovo">
          Nuovo codice
        </Link>
      </div>
      <ListFrame view={view} label="Codici sconto" emptyText="Nessun codice trovato.">
        {view.rows.length > 0 && (
          <AdminTable caption="Codici" columns={['Codice', 'Sconto', 'Stato', 'Usato']}>
            {view.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  {row.code}
                  <br />
                  <span className="admin-hint">{row.label}</span>
                </th>
                <td>{row.summary}</td>
                <td>{row.active ? 'Attivo' : 'Disattivato'}</td>
                <td>{row.timesUsed === 1 ? '1 volta' : `${row.timesUsed} volte`}</td>
                <td>
                  <Link className="button" href={`/admin/codici-sconto/${row.id}`} aria-label={`Modifica ${row.code}`}>
                    Modifica
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListFrame>
    </section>
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
        <AdminTextField label="Valido dal" field={view.field('valid_from')} description="aaaa-mm-gg, vuoto: da subito" />
        <AdminTextField label="Valido fino al" field={view.field('valid_until')} description="aaaa-mm-gg, vuoto: senza scadenza" />
        <AdminCheckbox label="Attivo" field={view.field('active')} />
      </RecordForm>
    </section>
  );
}
