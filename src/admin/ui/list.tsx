import { Fragment, useEffect, useMemo, useRef } from 'react';
import { Input, Label, Link, SearchField } from 'react-aria-components';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { connectRecordList, recordListMachine, type ListRow } from '../../../machines/recordList.machine';
import type { ApiClient } from '../../api/client';
import { ActionsColumnHeader } from '../../ui/ActionsColumnHeader';
import type { ActorsOf } from '../../api/machineActors';
import { useAppActors, useScreenActor, useView } from '../../actors/AppActors';
import { LoadFailure, Loading } from './states';
import { useRowActionFocus, type ListView, type RowPlace } from './rowActions';

export { EditAndRemove, EditLink, OrderedRowActions, RowButton } from './rowActions';

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
  const { key, id } = useEditorRoute(newSlug);
  return <Fragment key={key}>{editor(id)}</Fragment>;
}

/** The navigation state of the address a new record moves to once created (see `useListEditor`). */
export const CREATED_HERE = { created: true } as const;

/**
 * The record an editor's address names (null: `newSlug`, a new one) and the key of its editor:
 * another id is a new editor, but the record just created keeps the editor that created it.
 */
export function useEditorRoute(newSlug: string): { key: string; id: number | null } {
  const { id = newSlug } = useParams();
  const { state } = useLocation();
  const created = (state as Partial<typeof CREATED_HERE> | null)?.created === true;
  return { key: created ? newSlug : id, id: id === newSlug ? null : Number(id) };
}

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
          // On a phone a wide table scrolls by itself, not the whole page under the header.
          <div key={table.key} className="admin-table-scroll">
            <table className={sized ? 'admin-table admin-table--sized' : 'admin-table'}>
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
                  {actions && <ActionsColumnHeader />}
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
          </div>
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
