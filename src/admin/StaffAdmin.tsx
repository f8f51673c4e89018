import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { Navigate } from 'react-router-dom';
import { BLANK_STAFF, createStaffEditorActors, createStaffListActors, type StaffRow } from '../api/adminStaffActors';
import { useAppActors } from '../actors/AppActors';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '../domain';
import { QuestionDialog } from '../ui/QuestionDialog';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminSelect, AdminTextField, RecordForm, useListEditor, useOnCreated, useRecordEditor } from './ui/editor';
import { AdminListScreen, EditLink, ListWithEditor, RecordTable, RowButton, useRecordList, type Column } from './ui/list';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ id: role, label: STAFF_ROLE_LABELS[role] }));
/** 'Cassa' opens only the cassa and 'Esauriti oggi': said where the role is chosen. */
const ROLE_HINT = 'Titolare: tutto. Cassa: la cassa, «Esauriti oggi» e la propria password.';

const COLUMNS: readonly Column<StaffRow>[] = [
  { header: 'Nome', cell: (row) => row.name, names: true },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Ruolo', cell: (row) => STAFF_ROLE_LABELS[row.role] },
  { header: 'Stato', cell: (row) => (row.active ? 'Attivo' : 'Account disattivato') },
];

/** 'Staff': who may use the cassa and the back office; accounts are disabled, never deleted. */
export function StaffAdmin() {
  usePageTitle('Staff - Amministrazione');
  // New accounts are made on the list itself, so only existing ones have an editor.
  return (
    <ListWithEditor
      list={<StaffList />}
      editor={(id) => (id === null ? <Navigate to="/admin/staff" replace /> : <StaffEditor memberId={id} />)}
      newSlug="nuovo"
    />
  );
}

function StaffList() {
  const { api } = useAppActors();
  const actors = useMemo(() => createStaffListActors(api), [api]);
  const list = useRecordList<StaffRow>(actors);
  // Each new account gets a fresh form once the last one is saved.
  const [formKey, setFormKey] = useState(0);
  // Disabling ends the member's sessions at once, so it is asked first.
  const [disabling, setDisabling] = useState<StaffRow | null>(null);
  return (
    <AdminListScreen
      id="admin-staff-title"
      title="Staff"
      hint="Un account disattivato non può più accedere e le sue sessioni si chiudono subito. Ordini e registro continuano a nominarlo."
    >
      <NewStaffForm key={formKey} onCreated={list.reload} onNext={() => setFormKey((k) => k + 1)} />
      <RecordTable
        view={list}
        label="Staff"
        emptyText="Nessun account trovato."
        caption="Account dello staff"
        columns={COLUMNS}
        actions={(row) => {
          const toggle = row.active ? 'Disattiva' : 'Riattiva';
          return (
            <>
              <EditLink name={row.name} href={`/admin/staff/${row.id}`} />
              <RowButton
                label={toggle}
                name={`${toggle} ${row.name}`}
                view={list}
                onPress={() => (row.active ? setDisabling(row) : list.act(row.id, 'staff.active', true))}
              />
              {row.active && (
                <RowButton
                  label="Invia link password"
                  name={`Invia a ${row.name} il link per la password`}
                  view={list}
                  onPress={() => list.act(row.id, 'staff.link')}
                />
              )}
            </>
          );
        }}
      />
      <QuestionDialog
        title={`Disattivare ${disabling?.name ?? ''}?`}
        question={
          disabling && {
            message: 'Non potrà più accedere.',
            confirmButton: {
              label: 'Disattiva',
              onPress: () => {
                list.act(disabling.id, 'staff.active', false);
                setDisabling(null);
              },
            },
            cancelButton: { label: 'Annulla', onPress: () => setDisabling(null) },
          }
        }
      />
    </AdminListScreen>
  );
}

function NewStaffForm({ onCreated, onNext }: { onCreated: () => void; onNext: () => void }) {
  const { api } = useAppActors();
  const actors = useMemo(() => createStaffEditorActors(api), [api]);
  const view = useRecordEditor(actors, { id: null, blank: BLANK_STAFF });
  useOnCreated(view, onCreated);
  // Once created, the form gives way to what happened and the next step: no 'Salva' is left to press.
  if (!view.isNew) {
    return (
      <section aria-labelledby="staff-created-title">
        <h2 id="staff-created-title">Account creato</h2>
        <p role="status">{`Abbiamo inviato a ${view.savedValues.email} il link per scegliere la password.`}</p>
        <Button className="button" onPress={onNext}>
          Crea un altro account
        </Button>
      </section>
    );
  }
  return (
    <RecordForm view={view} title="Nuovo account" label="Nuovo account">
      <AdminTextField label="Nome" field={view.field('name')} />
      <AdminTextField label="Email" field={view.field('email')} description="Riceverà il link per scegliere la password" />
      <AdminSelect label="Ruolo" field={view.field('role')} options={ROLE_OPTIONS} description={ROLE_HINT} />
    </RecordForm>
  );
}

function StaffEditor({ memberId }: { memberId: number }) {
  const { view, backToList } = useListEditor(createStaffEditorActors, { id: memberId, blank: BLANK_STAFF }, '/admin/staff');
  return (
    <section className="admin-editor">
      <RecordForm view={view} title={view.savedValues.name || 'Account'} onLeave={backToList}>
        <AdminTextField label="Nome" field={view.field('name')} />
        <AdminTextField
          label="Email"
          field={view.field('email')}
          description="Con questo indirizzo accede e riceve i link per la password"
        />
        <AdminSelect label="Ruolo" field={view.field('role')} options={ROLE_OPTIONS} description={ROLE_HINT} />
      </RecordForm>
    </section>
  );
}
