import { Fragment, useEffect, useMemo, useRef } from 'react';
import { Button, Input, Label, Link, SearchField } from 'react-aria-components';
import { Route, Routes, useParams } from 'react-router-dom';
import { connectRecordList, recordListMachine, type ListRow } from '../../../machines/recordList.machine';
import type { ApiClient } from '../../api/client';
import type { ActorsOf } from '../../api/machineActors';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { LoadFailure, Loading } from './states';

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

/** A list screen's list, its actors made from the app's client (`createActors` keeps its identity: a module function). */
export function useListScreen<Row extends ListRow>(createActors: (api: ApiClient) => ActorsOf<typeof recordListMachine>) {
  const { api } = useAppActors();
  const actors = useMemo(() => createActors(api), [api, createActors]);
  const view = useRecordList<Row>(actors);
  useReloadOnMount(view);
  return view;
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

type ListView = ReturnType<typeof connectRecordList>;

/** A place on the back office's list screens: a link in the header. */
export interface HeaderLink {
  href: string;
  label: string;
  /** the screen's main action ('Nuova categoria') */
  primary?: boolean;
}

/**
 * The frame of every back-office list screen: its title with the links beside it (back, 'Nuovo …'),
 * the hint, then what the screen lists (a `RecordTable`, and a form that adds to it if it has one).
 */
export function AdminListScreen({
  id,
  title,
  links = [],
  hint,
  children,
}: {
  id: string;
  title: string;
  links?: readonly HeaderLink[];
  hint?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="admin-editor__header">
        <h1 id={id}>{title}</h1>
        {links.length > 0 && (
          <div className="admin-savebar">
            {links.map((link) => (
              <Link key={link.href} className={link.primary ? 'button button--primary' : 'button'} href={link.href}>
                {link.label}
              </Link>
            ))}
          </div>
        )}
      </div>
      {hint && <p className="admin-hint">{hint}</p>}
      {children}
    </section>
  );
}

/** One column of a list's tables. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** the cell that names the row: a row header, as screen readers announce it */
  names?: boolean;
  /** its share of the table's width: every table of the list keeps the same columns, so nothing jumps between them */
  width?: string;
}

/** Where a row stands, for its actions: moving, and giving the focus back after an action. */
export interface RowPlace {
  index: number;
  count: number;
  view: ListView;
  focus: ReturnType<typeof useRowActionFocus>;
}

/**
 * A list's rows as tables, inside the list's frame (search, loading, failure, empty, the last
 * action's message): one table, or one per group (the menu's categories). Without `actions` the list is
 * read-only (the register, reports); with them, a last unnamed column holds each row's buttons.
 */
export function RecordTable<Row extends ListRow>({
  view,
  label,
  emptyText,
  columns,
  actions,
  actionsWidth,
  ...tablesOf
}: {
  view: ListView & { rows: Row[] };
  label: string;
  emptyText: string;
  columns: readonly Column<Row>[];
  actions?: (row: Row, place: RowPlace) => React.ReactNode;
  actionsWidth?: string;
} & (
  | { caption: string }
  /** several tables, each with its caption: their columns keep the same widths */
  | { groups: (rows: Row[]) => { key: React.Key; caption: string; rows: Row[] }[] }
)) {
  const focus = useRowActionFocus(view);
  const tables =
    'groups' in tablesOf
      ? tablesOf.groups(view.rows)
      : view.rows.length > 0
        ? [{ key: 'all', caption: tablesOf.caption, rows: view.rows }]
        : [];
  const sized = columns.some((column) => column.width);
  return (
    <div ref={focus.container}>
      <ListFrame view={view} label={label} emptyText={emptyText}>
        {tables.map((table) => (
          <table key={table.key} className={sized ? 'admin-table admin-table--sized' : 'admin-table'}>
            <caption>{table.caption}</caption>
            {sized && (
              <colgroup>
                {columns.map((column) => (
                  <col key={column.header} style={{ width: column.width }} />
                ))}
                {actions && <col style={{ width: actionsWidth }} />}
              </colgroup>
            )}
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
                {actions && (
                  <th scope="col">
                    <span className="visually-hidden">Azioni</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={row.id} aria-busy={view.isPending(row.id) || undefined}>
                  {columns.map((column) =>
                    column.names ? (
                      <th key={column.header} scope="row">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header}>{column.cell(row)}</td>
                    ),
                  )}
                  {actions && <td className="admin-table__actions">{actions(row, { index, count: table.rows.length, view, focus })}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </ListFrame>
    </div>
  );
}

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
      {view.isLoading && <Loading />}
      {view.failure && <LoadFailure failure={view.failure} />}
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

/** A row's 'Modifica', named after the row for screen readers. */
export function EditLink({ name, href }: { name: string; href: string }) {
  return (
    <Link className="button" href={href} aria-label={`Modifica ${name}`}>
      Modifica
    </Link>
  );
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
      <EditLink name={name} href={editHref} />
      {canRemove && (
        <Button className="button" aria-label={`Elimina ${name}`} isDisabled={isDisabled} onPress={onRemove}>
          Elimina
        </Button>
      )}
    </>
  );
}

/** A row's 'Sposta su' and 'Sposta giù': disabled at the ends and while an action runs; the focus comes back to them. */
export function MoveButtons({ name, id, place }: { name: string; id: number; place: RowPlace }) {
  const { index, count, view, focus } = place;
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

/** A row of an ordered list (categories, doughs): moved up and down, edited, and removed while nothing uses it. */
export function OrderedRowActions({
  name,
  id,
  place,
  editHref,
  canRemove,
}: {
  name: string;
  id: number;
  place: RowPlace;
  /** null: the row is fixed (the additions' category) */
  editHref: string | null;
  canRemove: boolean;
}) {
  return (
    <>
      <MoveButtons name={name} id={id} place={place} />
      {editHref !== null && (
        <EditAndRemove
          name={name}
          editHref={editHref}
          canRemove={canRemove}
          isDisabled={place.view.isBusy}
          onRemove={() => place.focus.act(id, 'remove')}
        />
      )}
    </>
  );
}

/** A row's button, named after the row for screen readers ('Disattiva Mario'), disabled while the list is busy. */
export function RowButton({ label, name, view, onPress }: { label: string; name: string; view: ListView; onPress: () => void }) {
  return (
    <Button className="button" aria-label={name} isDisabled={view.isBusy} onPress={onPress}>
      {label}
    </Button>
  );
}
