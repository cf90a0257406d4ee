import type { ReactNode } from 'react';

/** One column: its heading (also the label of its value where a phone shows each row as a card) and what a row shows in it. */
export interface StackedColumn<Row> {
  heading: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface StackedTableProps<Row> {
  /** The name of the table's scrolling region. */
  label: string;
  caption: string;
  columns: readonly StackedColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A feature's own classes for the region and the table. */
  regionClassName?: string;
  tableClassName?: string;
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A list of rows as a table in a scrolling region of its own (focusable, so a keyboard scrolls it
 * too); on a phone each row is a card with every value labelled by its column (admin.css,
 * .admin-table--stack).
 */
export function StackedTable<Row>({ label, caption, columns, rows, rowKey, regionClassName, tableClassName }: StackedTableProps<Row>) {
  return (
    <div className={classes('admin-table-wrap admin-table-wrap--full', regionClassName)} role="region" aria-label={label} tabIndex={0}>
      <table className={classes('admin-table admin-table--stack', tableClassName)}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ heading }) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map(({ heading, cell, className }) => (
                <td key={heading} className={className} data-label={heading}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
