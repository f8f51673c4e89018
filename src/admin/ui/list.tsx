import { Fragment, useEffect, useMemo, useRef } from 'react';
import { Button, Input, Label, Link, SearchField } from 'react-aria-components';
import { Route, Routes, useParams } from 'react-router-dom';
import { connectRecordList, recordListMachine, type ListRow } from '../../../machines/recordList.machine';
import type { ActorsOf } from '../../api/machineActors';
import { useScreenActor, useView } from '../../actors/AppActors';

/** A list's actor in the app's system and its view. */
export function useRecordList<Row extends ListRow>(actors: ActorsOf<typeof recordListMachine>) {
  const logic = useMemo(() => recordListMachine.provide({ actors }), [actors]);
  const actor = useScreenActor(logic);
  return useView(actor, connectRecordList<Row>);
}

/** Reloads a list each time its screen mounts: back from an editor, it shows what was just saved. */
export function useReloadOnMount(view: { reload: () => void }) {
  const reload = useRef(view.reload);
  useEffect(() => reload.current(), []);
}

/** A list screen and its editor: the area's index lists, `:id` edits one record, `newSlug` ('nuovo') a new one. */
export function ListWithEditor({
  list,
  editor,
  newSlug,
}: {
  list: React.ReactNode;
  editor: (id: number | null) => React.ReactNode;
  newSlug: string;
}) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path=":id" element={<EditorRoute editor={editor} newSlug={newSlug} />} />
    </Routes>
  );
}

function EditorRoute({ editor, newSlug }: { editor: (id: number | null) => React.ReactNode; newSlug: string }) {
  const { id } = useParams();
  // Another id (or a new record) is a new editor.
  return <Fragment key={id}>{editor(id === newSlug ? null : Number(id))}</Fragment>;
}

/** A list's table: its caption, its column headers and a last, unnamed column for the row's actions. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: React.ReactNode }) {
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Azioni</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
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

/**
 * Row actions that keep the keyboard where it was: a row's buttons are disabled while its action runs
 * (which drops focus), so once the list is back the same button — or the row's other one, when that
 * became unavailable (the first row cannot move up) — takes the focus again.
 */
export function useRowActionFocus(view: ListView) {
  const pending = useRef<{ id: number; action: string } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.isBusy || !pending.current) return;
    const { id, action } = pending.current;
    pending.current = null;
    const buttons = [...(container.current?.querySelectorAll<HTMLButtonElement>(`[data-row-id="${id}"]`) ?? [])];
    const target = buttons.find((b) => b.dataset.rowAction === action && !b.disabled) ?? buttons.find((b) => !b.disabled);
    target?.focus();
  }, [view.isBusy]);
  return {
    container,
    act: (id: number, action: string) => {
      pending.current = { id, action };
      view.act(id, action);
    },
    /** the attributes a row's action button carries, so the focus can find it again */
    target: (id: number, action: string) => ({ 'data-row-id': id, 'data-row-action': action }),
  };
}

/** A row's 'Modifica' link and, while nothing uses the record, its 'Elimina' button. */
export function EditAndRemove({
  name,
  editHref,
  canRemove,
  isDisabled,
  onRemove,
}: {
  name: string;
  editHref: string;
  canRemove: boolean;
  isDisabled: boolean;
  onRemove: () => void;
}) {
  return (
    <>
      <Link className="button" href={editHref} aria-label={`Modifica ${name}`}>
        Modifica
      </Link>
      {canRemove && (
        <Button className="button" aria-label={`Elimina ${name}`} isDisabled={isDisabled} onPress={onRemove}>
          Elimina
        </Button>
      )}
    </>
  );
}

/** A row's 'Sposta su' and 'Sposta giù': disabled at the ends and while an action runs; the focus comes back to them. */
export function MoveButtons({
  name,
  id,
  index,
  count,
  view,
  focus,
}: {
  name: string;
  id: number;
  index: number;
  count: number;
  view: ListView;
  focus: ReturnType<typeof useRowActionFocus>;
}) {
  return (
    <>
      <Button
        className="button"
        aria-label={`Sposta su ${name}`}
        isDisabled={view.isBusy || index === 0}
        onPress={() => focus.act(id, 'move.up')}
        {...focus.target(id, 'move.up')}
      >
        ↑ Su
      </Button>
      <Button
        className="button"
        aria-label={`Sposta giù ${name}`}
        isDisabled={view.isBusy || index === count - 1}
        onPress={() => focus.act(id, 'move.down')}
        {...focus.target(id, 'move.down')}
      >
        ↓ Giù
      </Button>
    </>
  );
}
