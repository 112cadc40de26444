import { Pagination, Spin, type PaginationProps } from 'antd';
import type { Key, ReactNode } from 'react';

/** The CSS-variable scope of the portal's antd theme (antd-theme.ts `cssVar.key`): antd puts it on every component. */
const THEME = 'portal';

export interface ListColumn<T> {
  title: ReactNode;
  key: string;
  width?: number;
  cell: (row: T, index: number) => ReactNode;
}

export interface ListTableProps<T> {
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Shown in the table's one row when there are none. */
  empty: ReactNode;
  /** A new page of the list is on its way: antd's spinner over the table. */
  loading?: boolean;
  /** antd's pagination under the table, as Table places it; shown only when there is more than one page. */
  pagination?: PaginationProps;
}

/**
 * A read-only list in antd Table's own markup and classes, so antd's stylesheet draws it exactly
 * as it draws a Table, without Table's machinery: on the server a Table built ~20 components per
 * cell (contexts, memos, measure rows), and the user centre's lists neither sort, select, expand
 * nor scroll. list-table.test.tsx holds the markup to antd's for the same rows.
 */
export function ListTable<T>({ columns, rows, rowKey, empty, loading = false, pagination }: ListTableProps<T>) {
  const pages = pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 10);
  const content = (
    <>
      <div className={`ant-table${rows.length ? '' : ' ant-table-empty'} ${THEME} ant-table-css-var`}>
        <div className="ant-table-container">
          <div className="ant-table-content">
            <table style={TABLE_STYLE}>
              <colgroup>
                {columns.map((c) => (
                  <col key={c.key} style={c.width ? { width: c.width } : undefined} />
                ))}
              </colgroup>
              <thead className="ant-table-thead">
                <tr>
                  {columns.map((c) => (
                    <th key={c.key} className="ant-table-cell" scope="col">
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="ant-table-tbody">
                {rows.length === 0 ? (
                  <tr className="ant-table-placeholder">
                    <td className="ant-table-cell" colSpan={columns.length}>
                      {empty}
                    </td>
                  </tr>
                ) : (
                  rows.map((row, i) => (
                    <tr key={rowKey(row)} className="ant-table-row ant-table-row-level-0" data-row-key={rowKey(row)}>
                      {columns.map((c) => (
                        <td key={c.key} className="ant-table-cell">
                          {c.cell(row, i)}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      </div>
      {pages && <Pagination {...pagination} className="ant-table-pagination ant-table-pagination-end" />}
    </>
  );
  return (
    <div className={`${THEME} ant-table-css-var ant-table-wrapper`}>
      {loading ? (
        <Spin spinning>{content}</Spin>
      ) : (
        <div className={`ant-spin ${THEME}`} aria-live="polite" aria-busy="false">
          <div className="ant-spin-container">{content}</div>
        </div>
      )}
    </div>
  );
}

const TABLE_STYLE = { tableLayout: 'auto' } as const;
