import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { isValidElement, type Key, type ReactNode } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { PlainCheckbox } from './plain-antd.tsx';

/**
 * antd's Table drawn as its own markup in plain elements. antd runs a row component, a cell
 * component per column and a themed checkbox per row: on the server, on a render nobody can click
 * yet, most of a list page's time. The same markup means antd's stylesheet draws the same list
 * (first-paint-table.test.tsx holds it to antd's, so an upgrade that changes it fails there).
 * - `FirstPaintTable`, a console list: drawn on the server and during hydration, antd's Table once
 *   the page has hydrated (or at once on a page rendered in the browser), for sorting and selection.
 * - `ReadOnlyTable`, a list of the user centre that neither sorts, selects nor scrolls: always
 *   drawn; its pager is antd's own.
 * Only what those lists use is drawn: string titles, cells by `render` or `dataIndex`, widths,
 * ellipsis, server-side sorting, row selection with a column title, a row class, a horizontal
 * scroll width, the empty text and the spinner of a table that does not scroll, and antd's
 * pagination below; any other prop is left to antd. docs/decisions.md "Console lists drawn before antd".
 */

const THEME = 'portal';
const P = 'ant-table';

const only = (o: object, allowed: readonly string[]) => Object.entries(o).every(([k, v]) => v === undefined || allowed.includes(k));
const TABLE_PROPS = ['rowKey', 'size', 'dataSource', 'columns', 'pagination', 'onChange', 'rowSelection', 'rowClassName', 'scroll', 'locale', 'loading'];
const COLUMN_PROPS = ['key', 'title', 'dataIndex', 'render', 'width', 'minWidth', 'ellipsis', 'sorter', 'sortOrder', 'showSorterTooltip'];
const SELECTION_PROPS = ['selectedRowKeys', 'onChange', 'preserveSelectedRowKeys', 'columnTitle', 'getCheckboxProps', 'renderCell'];

type Column<T> = ColumnType<T> & { key: string; title: string };

/**
 * Whether a table can be drawn. A console list scrolls sideways and is drawn only as it has been
 * since it was first drawn: with rows, a string row key, no empty text or spinner (antd shows those
 * once hydrated). A read-only list never scrolls.
 */
function drawable<T>(props: TableProps<T>, list: 'console' | 'read-only'): boolean {
  const { rowKey, dataSource, columns, scroll, rowSelection, pagination, locale, loading } = props;
  if (!only(props, TABLE_PROPS) || (typeof rowKey !== 'string' && typeof rowKey !== 'function') || !dataSource || !columns?.length) return false;
  if (locale && !only(locale, ['emptyText'])) return false;
  if (loading !== undefined && typeof loading !== 'boolean') return false;
  const asConsoleList = !!scroll && only(scroll, ['x']) && typeof scroll.x === 'number' && dataSource.length > 0 && loading === undefined && locale === undefined && typeof rowKey === 'string';
  if (list === 'console' ? !asConsoleList : scroll !== undefined) return false;
  if (rowSelection && (!only(rowSelection, SELECTION_PROPS) || rowSelection.columnTitle === undefined)) return false;
  if (pagination !== undefined && pagination !== false && typeof pagination !== 'object') return false;
  return columns.every((c) => {
    const col = c as ColumnType<T>;
    const ellipsis = col.ellipsis === undefined || col.ellipsis === true || (typeof col.ellipsis === 'object' && col.ellipsis.showTitle === true);
    const sorter = col.sorter === undefined || (col.sorter === true && !col.ellipsis);
    return only(col, COLUMN_PROPS) && typeof col.key === 'string' && typeof col.title === 'string' && (col.render || typeof col.dataIndex === 'string') && ellipsis && sorter;
  });
}

export function FirstPaintTable<T extends object>(props: TableProps<T>) {
  const hydrated = useHydrated();
  if (hydrated || !drawable(props, 'console')) return <Table<T> {...props} />;
  return <DrawnTable {...props} />;
}

export function ReadOnlyTable<T extends object>(props: TableProps<T>) {
  return drawable(props, 'read-only') ? <DrawnTable {...props} /> : <Table<T> {...props} />;
}

/** A sortable column's title as antd writes it: the title, then both arrows, the chosen one active. */
function sortTitle(title: string, order: ColumnType<unknown>['sortOrder']) {
  return (
    <div className={`${P}-column-sorters`}>
      <span className={`${P}-column-title`}>{title}</span>
      <span className={`${P}-column-sorter ${P}-column-sorter-full`}>
        <span className={`${P}-column-sorter-inner`} aria-hidden="true">
          <CaretUpOutlined className={`${P}-column-sorter-up${order === 'ascend' ? ' active' : ''}`} />
          <CaretDownOutlined className={`${P}-column-sorter-down${order === 'descend' ? ' active' : ''}`} />
        </span>
      </span>
    </div>
  );
}

/** A body cell's title, as rc-table gives an ellipsis cell: its text, or the text of its one element. */
function cellTitle(content: ReactNode): string | undefined {
  if (typeof content === 'string' || typeof content === 'number') return content.toString();
  const inner = isValidElement(content) ? (content.props as { children?: unknown }).children : undefined;
  return typeof inner === 'string' ? inner : undefined;
}

const MEASURE_CELL = { paddingTop: 0, paddingBottom: 0, borderTop: 0, borderBottom: 0, height: 0 };
const MEASURE_CONTENT = { height: 0, overflow: 'hidden', fontWeight: 'bold' } as const;

function DrawnTable<T extends object>(props: TableProps<T>) {
  const rows = props.dataSource as readonly T[];
  const columns = props.columns as Column<T>[];
  const selection = props.rowSelection;
  const size = props.size ?? 'large';
  const fixedLayout = columns.some((c) => c.ellipsis);
  const sorted = (c: Column<T>) => (c.sorter ? (c.sortOrder ?? null) : null);
  const titleOf = (c: Column<T>) => (c.sorter ? sortTitle(c.title, sorted(c)) : c.title);

  // rc-table's colgroup: from the last column back, a <col> from the first that has a width (or a
  // minimum width, in an automatic layout) or is the selection column.
  const cols: ReactNode[] = [];
  let insert = false;
  for (let i = columns.length - 1; i >= 0; i--) {
    const c = columns[i];
    const minWidth = fixedLayout ? undefined : c.minWidth;
    if (c.width || minWidth || insert) {
      cols.unshift(<col key={c.key} style={{ width: c.width, minWidth }} />);
      insert = true;
    }
  }
  if (selection) cols.unshift(<col key="selection" className={`${P}-selection-col`} />);

  const selected = new Set<Key>(selection?.selectedRowKeys ?? []);
  const keyOf = (record: T, index: number) => (typeof props.rowKey === 'function' ? props.rowKey(record, index) : (record[props.rowKey as keyof T] as Key));
  const scrollX = props.scroll?.x as number | undefined;
  const layout = fixedLayout ? 'fixed' : 'auto';
  const pagination = props.pagination === false ? null : { pageSize: 10, current: 1, ...props.pagination };
  if (pagination?.total) pagination.current = Math.min(pagination.current, Math.ceil(pagination.total / pagination.pageSize)) || 1;

  const head = (
    <tr>
      {selection && (
        <th className={`${P}-cell ${P}-selection-column`} scope="col">
          {selection.columnTitle as ReactNode}
        </th>
      )}
      {columns.map((c) => {
        const order = sorted(c);
        if (c.sorter) {
          return (
            <th
              key={c.key}
              aria-sort={order ? (order === 'ascend' ? 'ascending' : 'descending') : undefined}
              aria-description="可排序"
              aria-label={c.title}
              className={`${P}-cell${order ? ` ${P}-column-sort` : ''} ${P}-column-has-sorters`}
              tabIndex={0}
              scope="col"
            >
              {titleOf(c)}
            </th>
          );
        }
        return (
          <th key={c.key} className={`${P}-cell${c.ellipsis ? ` ${P}-cell-ellipsis` : ''}`} title={c.ellipsis ? c.title : undefined} scope="col">
            {c.title}
          </th>
        );
      })}
    </tr>
  );

  // rc-table measures the columns of a scrolling table with a row of their titles, hidden.
  const measure = scrollX ? (
    <tr aria-hidden="true" className={`${P}-measure-row`} style={{ height: 0 }}>
      {selection && (
        <td style={MEASURE_CELL}>
          <div style={MEASURE_CONTENT}>{selection.columnTitle as ReactNode}</div>
        </td>
      )}
      {columns.map((c) => (
        <td key={c.key} style={MEASURE_CELL}>
          <div style={MEASURE_CONTENT}>{titleOf(c)}</div>
        </td>
      ))}
    </tr>
  ) : null;

  const body = rows.length ? (
    rows.map((record, index) => {
      const key = keyOf(record, index);
      const checked = selected.has(key);
      const own = typeof props.rowClassName === 'function' ? props.rowClassName(record, index, 0) : props.rowClassName;
      const rowClass = [checked && `${P}-row-selected`, own].filter(Boolean).join(' ');
      const box = selection?.getCheckboxProps?.(record);
      return (
        <tr key={key} className={`${P}-row ${P}-row-level-0${rowClass ? ` ${rowClass}` : ''}`} data-row-key={key}>
          {selection && (
            <td className={`${P}-cell ${P}-selection-column`}>
              <PlainCheckbox checked={checked} disabled={box?.disabled} aria-label={box?.['aria-label' as keyof typeof box] ?? (checked ? `Row ${index + 1} selected` : `Select row ${index + 1}`)} />
            </td>
          )}
          {columns.map((c) => {
            const value = c.dataIndex === undefined ? record : record[c.dataIndex as keyof T];
            let content = (c.render ? c.render(value, record, index) : value) as ReactNode;
            if (typeof content === 'object' && content !== null && !Array.isArray(content) && !isValidElement(content)) content = null;
            return (
              <td key={c.key} className={`${P}-cell${sorted(c) ? ` ${P}-column-sort` : ''}${c.ellipsis ? ` ${P}-cell-ellipsis` : ''}`} title={c.ellipsis ? cellTitle(content) : undefined}>
                {content}
              </td>
            );
          })}
        </tr>
      );
    })
  ) : (
    <tr className={`${P}-placeholder`}>
      <td className={`${P}-cell`} colSpan={columns.length + (selection ? 1 : 0)}>
        {props.locale?.emptyText as ReactNode}
      </td>
    </tr>
  );

  const content = (
    <>
      <div
        className={`${P}${size === 'large' ? '' : ` ${P}-${size}`}${rows.length ? '' : ` ${P}-empty`} ${THEME} ${P}-css-var${scrollX ? ` ${P}-fix-start-shadow ${P}-fix-end-shadow ${P}-scroll-horizontal` : ''}`}
      >
        <div className={`${P}-container`}>
          <div style={scrollX ? SCROLLING : undefined} className={`${P}-content`}>
            <table style={scrollX ? { width: scrollX, minWidth: '100%', tableLayout: layout } : { tableLayout: layout }}>
              <colgroup>{cols}</colgroup>
              <thead className={`${P}-thead`}>{head}</thead>
              <tbody className={`${P}-tbody`}>
                {measure}
                {body}
              </tbody>
            </table>
          </div>
        </div>
      </div>
      {pagination?.total ? <Pagination {...pagination} className={`${P}-pagination ${P}-pagination-end`} size={pagination.size ?? (size === 'large' ? undefined : 'small')} /> : null}
    </>
  );
  return (
    <div className={`${THEME} ${P}-css-var ${P}-wrapper`}>
      {props.loading ? (
        <Spin spinning>{content}</Spin>
      ) : (
        <div className={`ant-spin ${THEME}`} aria-live="polite" aria-busy="false">
          <div className="ant-spin-container">{content}</div>
        </div>
      )}
    </div>
  );
}

const SCROLLING = { overflowX: 'auto', overflowY: 'hidden' } as const;
