import { useMemo, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { BLANK_PRINTER, createPrinterEditorActors, createPrinterListActors, type PrinterRow } from '../api/adminPrintersActors';
import { useAppActors } from '../actors/AppActors';
import { MAX_PRINTER_COPIES, PAPER_WIDTHS_MM, PRINTER_LABELS } from '../domain';
import { QuestionDialog } from '../ui/QuestionDialog';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminCheckbox, AdminSelect, AdminTextField, RecordForm, useOnCreated, useRecordEditor } from './ui/editor';
import { AdminListScreen, RecordTable, RowButton, useRecordList, type Column } from './ui/list';

const PAPER_OPTIONS = PAPER_WIDTHS_MM.map((mm) => ({ id: mm, label: `${mm} mm` }));
const COPIES_OPTIONS = Array.from({ length: MAX_PRINTER_COPIES }, (_, i) => ({ id: i + 1, label: String(i + 1) }));

/** What the owner reads of a printer's state: whether an agent is paired and what it last reported. */
function stateText(row: PrinterRow): string {
  if (!row.paired) return 'Non abbinata';
  if (row.reachable === null) return 'Abbinata, in attesa del primo contatto';
  if (!row.reachable) return 'Non raggiungibile';
  return row.paper === 'out' ? 'Carta esaurita' : 'Pronta';
}

const lastReportText = (at: string | null) =>
  at ? new Date(at).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' }) : 'Mai';

const COLUMNS: readonly Column<PrinterRow>[] = [
  { header: 'Stampante', cell: (row) => row.name, names: true },
  { header: 'Stato', cell: stateText },
  { header: 'Ultimo contatto', cell: (row) => lastReportText(row.reportedAt) },
  { header: PRINTER_LABELS.paperWidth, cell: (row) => `${row.paperWidthMm} mm` },
  { header: PRINTER_LABELS.copies, cell: (row) => String(row.copies) },
  { header: 'Stampa automatica', cell: (row) => (row.autoPrint ? 'Sì' : 'No') },
];

/** 'Stampanti': the kitchen's thermal printers, each printed to by a print agent on the shop's PC. */
export function PrintersAdmin() {
  usePageTitle('Stampanti - Amministrazione');
  const { api } = useAppActors();
  const actors = useMemo(() => createPrinterListActors(api), [api]);
  const list = useRecordList<PrinterRow>(actors);
  // Each new printer gets a fresh form once the last one's code is read.
  const [formKey, setFormKey] = useState(0);
  // A new code stops the paired agent, and deleting ends the printer: both are asked first.
  const [asking, setAsking] = useState<{ row: PrinterRow; action: 'printer.pairing' | 'printer.remove' } | null>(null);
  return (
    <AdminListScreen
      id="admin-printers-title"
      title="Stampanti"
      hint="Ogni stampante della cucina riceve i comandi da un piccolo programma sul computer del locale, abbinato con un codice che si vede una volta sola. Un nuovo codice scollega il programma abbinato finora."
    >
      <NewPrinterForm key={formKey} isNext={formKey > 0} onCreated={list.reload} onNext={() => setFormKey((k) => k + 1)} />
      <RecordTable
        view={list}
        label="Stampanti"
        emptyText="Nessuna stampante."
        caption="Stampanti della cucina"
        columns={COLUMNS}
        actions={(row) => (
          <>
            <RowButton
              label="Nuovo codice di abbinamento"
              name={`Nuovo codice di abbinamento per ${row.name}`}
              view={list}
              onPress={() => setAsking({ row, action: 'printer.pairing' })}
            />
            <RowButton
              label="Elimina"
              name={`Elimina ${row.name}`}
              view={list}
              onPress={() => setAsking({ row, action: 'printer.remove' })}
            />
          </>
        )}
      />
      <QuestionDialog
        title={asking?.action === 'printer.remove' ? `Eliminare ${asking.row.name}?` : `Nuovo codice per ${asking?.row.name ?? ''}?`}
        question={
          asking && {
            message:
              asking.action === 'printer.remove'
                ? 'Il programma abbinato smette di stampare e i comandi ancora in attesa vengono annullati.'
                : 'Il programma abbinato finora smette di stampare finché non lo abbini con il nuovo codice.',
            confirmButton: {
              label: asking.action === 'printer.remove' ? 'Elimina' : 'Crea nuovo codice',
              onPress: () => {
                list.act(asking.row.id, asking.action);
                setAsking(null);
              },
            },
            cancelButton: { label: 'Annulla', onPress: () => setAsking(null) },
          }
        }
      />
    </AdminListScreen>
  );
}

/** `isNext`: the form that follows a code just read takes the focus the closed dialog leaves (the Save button is gone). */
function NewPrinterForm({ isNext, onCreated, onNext }: { isNext: boolean; onCreated: () => void; onNext: () => void }) {
  const { api } = useAppActors();
  const actors = useMemo(() => createPrinterEditorActors(api), [api]);
  const view = useRecordEditor(actors, { id: null, blank: BLANK_PRINTER });
  useOnCreated(view, onCreated);
  if (!view.isNew) return <PairingCodeDialog name={view.savedValues.name} code={view.savedValues.pairing_code} onClose={onNext} />;
  return (
    <RecordForm view={view} title="Nuova stampante" label="Nuova stampante">
      <AdminTextField label={PRINTER_LABELS.name} field={view.field('name')} description="Ad esempio Cucina" autoFocus={isNext} />
      <AdminSelect label={PRINTER_LABELS.paperWidth} field={view.field('paper_width_mm')} options={PAPER_OPTIONS} />
      <AdminSelect label={PRINTER_LABELS.copies} field={view.field('copies')} options={COPIES_OPTIONS} />
      <AdminCheckbox label={PRINTER_LABELS.autoPrint} field={view.field('auto_print')} />
    </RecordForm>
  );
}

/** The pairing code, shown this once, with the command that starts the agent on the shop's PC. */
function PairingCodeDialog({ name, code, onClose }: { name: string; code: string; onClose: () => void }) {
  const command = `npm run print-agent -- --server ${window.location.origin} --code ${code} --printer HOST:PORTA`;
  return (
    <ModalOverlay isOpen isDismissable={false} className="modal-overlay">
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog">
          <Heading slot="title">{`Codice di abbinamento per ${name}`}</Heading>
          <p>Annotalo ora: non sarà più mostrato.</p>
          <p className="pairing-code">
            <strong>{code}</strong>
          </p>
          <p>Sul computer del locale avvia il programma di stampa con l’indirizzo della stampante (HOST:PORTA, di solito porta 9100):</p>
          <pre className="pairing-command">
            <code>{command}</code>
          </pre>
          <div className="dialog__actions">
            <Button className="button button--primary" onPress={onClose} autoFocus>
              Ho annotato il codice
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
