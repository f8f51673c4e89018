import { useMemo } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { connectRecordList, recordListMachine, type ListRow } from '../../../machines/recordList.machine';
import type { ActorsOf } from '../../api/machineActors';
import { useScreenActor, useView } from '../../actors/AppActors';

/** A list's actor in the app's system and its view. */
export function useRecordList<Row extends ListRow>(actors: ActorsOf<typeof recordListMachine>) {
  const logic = useMemo(() => recordListMachine.provide({ actors }), [actors]);
  const actor = useScreenActor(logic);
  return useView(actor, connectRecordList<Row>);
}

type ListView = ReturnType<typeof connectRecordList>;

/** The search box, the list's state (loading, failure, empty) and the message of the last refused action. */
export function ListFrame({
  view,
  label,
  emptyText,
  children,
}: {
  view: ListView;
  label: string;
  emptyText: string;
  children: React.ReactNode;
}) {
  return (
    <div className="admin-list">
      <SearchField className="field admin-list__search" value={view.search.value} onChange={view.search.onChange}>
        <Label className="field__label">{`${view.search.label} in ${label.toLowerCase()}`}</Label>
        <Input className="field__input" placeholder="Cerca..." />
      </SearchField>
      <div role="status" aria-live="polite" className={`admin-notice admin-notice--${view.messageTone}`}>
        {view.message}
      </div>
      {view.isLoading && (
        <p role="status" aria-busy="true">
          Caricamento in corso...
        </p>
      )}
      {view.failure && (
        <div role="alert">
          <p>{view.failure.message}</p>
          <Button className="button" onPress={view.failure.retryButton.onPress}>
            {view.failure.retryButton.label}
          </Button>
        </div>
      )}
      {view.isEmpty && <p>{emptyText}</p>}
      {children}
    </div>
  );
}
