import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { BLANK_STAFF, createStaffEditorActors, createStaffListActors, type StaffRow } from '../api/adminStaffActors';
import { useAppActors } from '../actors/AppActors';
import { usePageTitle } from '../ui/usePageTitle';
import { AdminTextField, RecordForm, useRecordEditor } from './ui/editor';
import { AdminTable, ListFrame, useRecordList } from './ui/list';

/** 'Staff': who may use the cassa and the back office; accounts are disabled, never deleted. */
export function StaffAdmin() {
  usePageTitle('Staff - Amministrazione');
  const { api } = useAppActors();
  const actors = useMemo(() => createStaffListActors(api), [api]);
  const list = useRecordList<StaffRow>(actors);
  // Each new account gets a fresh form once the last one is saved.
  const [formKey, setFormKey] = useState(0);
  return (
    <section aria-labelledby="admin-staff-title">
      <h1 id="admin-staff-title">Staff</h1>
      <p className="admin-hint">
        Un account disattivato non può più accedere e le sue sessioni si chiudono subito. Ordini e registro continuano a nominarlo.
      </p>
      <NewStaffForm key={formKey} onCreated={list.reload} onNext={() => setFormKey((k) => k + 1)} />
      <ListFrame view={list} label="Staff" emptyText="Nessun account trovato.">
        {list.rows.length > 0 && (
          <AdminTable caption="Account dello staff" columns={['Nome', 'Email', 'Stato']}>
            {list.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.email}</td>
                <td>{row.active ? 'Attivo' : 'Account disattivato'}</td>
                <td className="admin-table__actions">
                  <Button
                    className="button"
                    aria-label={`${row.active ? 'Disattiva' : 'Riattiva'} ${row.name}`}
                    isDisabled={list.isBusy}
                    onPress={() => list.act(row.id, 'staff.active', !row.active)}
                  >
                    {row.active ? 'Disattiva' : 'Riattiva'}
                  </Button>
                  {row.active && (
                    <Button
                      className="button"
                      aria-label={`Invia a ${row.name} il link per la password`}
                      isDisabled={list.isBusy}
                      onPress={() => list.act(row.id, 'staff.link')}
                    >
                      Invia link password
                    </Button>
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

function NewStaffForm({ onCreated, onNext }: { onCreated: () => void; onNext: () => void }) {
  const { api } = useAppActors();
  const actors = useMemo(() => createStaffEditorActors(api), [api]);
  const view = useRecordEditor(actors, { id: null, blank: BLANK_STAFF });
  const created = useRef(onCreated);
  created.current = onCreated;
  useEffect(() => {
    if (!view.isNew) created.current();
  }, [view.isNew]);
  return (
    <>
      <RecordForm view={view} title={view.isNew ? 'Nuovo account' : 'Account creato'} label="Nuovo account">
        {view.isNew ? (
          <>
            <AdminTextField label="Nome" field={view.field('name')} />
            <AdminTextField label="Email" field={view.field('email')} description="Riceverà il link per scegliere la password" />
          </>
        ) : (
          <p role="status">{`Abbiamo inviato a ${view.savedValues.email} il link per scegliere la password.`}</p>
        )}
      </RecordForm>
      {!view.isNew && (
        <Button className="button" onPress={onNext}>
          Crea un altro account
        </Button>
      )}
    </>
  );
}
