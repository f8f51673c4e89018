import type { ApiClient } from '../../api/client';
import type { ActorsOf } from '../../api/machineActors';
import type { ListRow, recordListMachine } from '../../../machines/recordList.machine';
import { AdminListScreen, OrderedRowActions, RecordTable, useListScreen, type Column } from '../ui/list';

interface OrderedRow extends ListRow {
  name: string;
}

/** What differs between the menu's ordered lists (categories, doughs): their words, columns and rules. */
export interface OrderedListSpec<Row extends OrderedRow> {
  id: string;
  title: string;
  /** where the list lives: its editor is `${path}/:id` */
  path: string;
  newLabel: string;
  newSlug: string;
  hint: string;
  emptyText: string;
  caption: string;
  columns: readonly Column<Row>[];
  createActors: (api: ApiClient) => ActorsOf<typeof recordListMachine>;
  canRemove: (row: Row) => boolean;
  /** false: the row is fixed (the additions' category) */
  canEdit?: (row: Row) => boolean;
}

/** A list of the menu whose order customers see: back to the menu, 'Nuovo …', rows moved, edited and removed. */
export function OrderedList<Row extends OrderedRow>({ spec }: { spec: OrderedListSpec<Row> }) {
  const view = useListScreen<Row>(spec.createActors);
  return (
    <AdminListScreen
      id={spec.id}
      title={spec.title}
      links={[
        { href: '/admin/menu', label: 'Torna al menu' },
        { href: `${spec.path}/${spec.newSlug}`, label: spec.newLabel, primary: true },
      ]}
      hint={spec.hint}
    >
      <RecordTable
        view={view}
        label={spec.title}
        emptyText={spec.emptyText}
        caption={spec.caption}
        columns={spec.columns}
        actions={(row, place) => (
          <OrderedRowActions
            name={row.name}
            id={row.id}
            place={place}
            editHref={spec.canEdit?.(row) === false ? null : `${spec.path}/${row.id}`}
            canRemove={spec.canRemove(row)}
          />
        )}
      />
    </AdminListScreen>
  );
}
