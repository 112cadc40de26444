import type { ReactNode } from 'react';

export interface PlainColumn<T> {
  title: string;
  /** The column's width in pixels; the others share the rest. */
  width?: number;
  /** How its cells align: `num` centred (序号, 是否必需), `money` to the right on one line. */
  align?: 'num' | 'money';
  cell: (row: T, index: number) => ReactNode;
}

export interface PlainTableProps<T> {
  columns: readonly PlainColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** Said in a row of its own when there are no rows. */
  empty: string;
  /** What the table lists, for screen readers (the page's heading shows it to the eye). */
  caption: string;
  small?: boolean;
  /** A name for the table on its page (styles and tests find it by it). */
  className?: string;
}

/**
 * A small bordered table of the public free-apply pages, in plain HTML with the portal's CSS (no
 * antd on public pages, docs/decisions.md): materials, a proclamation's list, eligibility reasons.
 */
export function PlainTable<T>({ columns, rows, rowKey, empty, caption, small, className }: PlainTableProps<T>) {
  const classes = ['data-table', 'plain-table', small && 'plain-table--small', className].filter(Boolean).join(' ');
  return (
    <table className={classes}>
      <caption className="visually-hidden">{caption}</caption>
      <colgroup>
        {columns.map((c) => (
          <col key={c.title} style={c.width ? { width: c.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} scope="col" className={c.align}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length} className="empty">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <td key={c.title} className={c.align}>
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
