import { useState, type ReactNode } from 'react';
import { ToggleButton } from 'react-aria-components';
import { formatEuro, type Cents, type ReportItemSales, type ReportSlice } from '../../domain';

/** A cell of a report's table: a text, or a number the table aligns right. */
type Cell = string | number;

export interface FiguresTableProps {
  caption: string;
  headers: readonly string[];
  /** the first cell of each row names it (a row header) */
  rows: readonly (readonly Cell[])[];
}

/** A report's numbers as a table, in a frame that scrolls sideways on its own on a phone. */
export function FiguresTable({ caption, headers, rows }: FiguresTableProps) {
  return (
    <div className="report-table-frame">
      <table className="admin-table report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...cells], index) => (
            <tr key={`${name}-${index}`}>
              <th scope="row">{name}</th>
              {cells.map((cell, column) => (
                <td key={column} className={typeof cell === 'number' ? 'report-table__number' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart and 'Mostra tabella': the chart is a picture for the eye (hidden from screen readers), the
 * table the same numbers for screen readers and keyboard users.
 */
export function ChartWithTable({ title, chart, table }: { title: string; chart: ReactNode; table: Omit<FiguresTableProps, 'caption'> }) {
  const [tableShown, setTableShown] = useState(false);
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__title">{title}</figcaption>
      <div className="report-chart__plot" aria-hidden="true">
        {chart}
      </div>
      <ToggleButton className="button report-chart__toggle" isSelected={tableShown} onChange={setTableShown}>
        Mostra tabella
      </ToggleButton>
      {tableShown && <FiguresTable caption={title} {...table} />}
    </figure>
  );
}

/** A figure with its name, and what it says beside it (the previous period, what it leaves out). */
export function KeyFigure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <div className="report-figure">
      <dt>{label}</dt>
      <dd>
        <span className="report-figure__value">{value}</span>
        {note && <span className="report-figure__note">{note}</span>}
      </dd>
    </div>
  );
}

const ORDERS_HEADER = 'Ordini';
const TOTAL_HEADER = 'Totale';

/** Shares of the orders (by payment, delivery, source) as a table. */
export function SlicesTable({ caption, heading, slices }: { caption: string; heading: string; slices: readonly ReportSlice[] }) {
  return (
    <FiguresTable
      caption={caption}
      headers={[heading, ORDERS_HEADER, TOTAL_HEADER]}
      rows={slices.map((slice) => [slice.label, slice.orders, formatEuro(slice.total)])}
    />
  );
}

/** Products, doughs, additions, categories or zones sold, as a table. */
export function ItemsTable({ caption, heading, items }: { caption: string; heading: string; items: readonly ReportItemSales[] }) {
  if (items.length === 0) return null;
  return (
    <FiguresTable
      caption={caption}
      headers={[heading, 'Quantità', 'Incasso']}
      rows={items.map((item) => [item.name, item.quantity, formatEuro(item.revenue)])}
    />
  );
}

/** Discount codes used, with the orders and the discount they gave. */
export function CodesTable({ caption, codes }: { caption: string; codes: readonly { code: string; orders: number; amount: Cents }[] }) {
  if (codes.length === 0) return null;
  return (
    <FiguresTable
      caption={caption}
      headers={['Codice', ORDERS_HEADER, 'Sconto']}
      rows={codes.map((code) => [code.code, code.orders, formatEuro(code.amount)])}
    />
  );
}
