import { DoubleLeftOutlined, DoubleRightOutlined, EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Pagination, type PaginationProps } from 'antd';
import { useId, type ReactNode } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { SelectBox } from './antd-first-paint.tsx';

/**
 * A list's pager: antd's Pagination markup drawn from plain elements on the server and during
 * hydration, antd's Pagination once the page has hydrated. antd's runs a themed Select (the page
 * size) and a component per page number for a pager nobody can click yet. first-paint-pagination.test.tsx
 * holds the drawing to antd's markup, so an upgrade that changes it fails there. Only what the
 * portal's lists use is drawn: a total, the page, the page size with or without its changer, hidden
 * on a single page or not, small or default size; any other prop is left to antd. docs/decisions.md "Console lists drawn before antd".
 */

const DRAWN_PROPS = ['total', 'current', 'pageSize', 'showSizeChanger', 'pageSizeOptions', 'showTotal', 'hideOnSinglePage', 'onChange', 'className', 'size'];

/** antd shows the page size by a default that depends on the total: a drawn pager says which. */
const drawable = (props: PaginationProps) =>
  Object.entries(props).every(([k, v]) => v === undefined || DRAWN_PROPS.includes(k)) && typeof props.showSizeChanger === 'boolean' && !!props.total && !!props.current && !!props.pageSize;

export function FirstPaintPagination(props: PaginationProps) {
  const hydrated = useHydrated();
  return hydrated || !drawable(props) ? <Pagination {...props} /> : <DrawnPagination {...(props as Drawn)} />;
}

type Drawn = PaginationProps & { total: number; current: number; pageSize: number };

const P = 'ant-pagination';
/** rc-pagination's window: two pages either side of the current one. */
const BUFFER = 2;

/** The page numbers shown, with the jumps between them, as rc-pagination lays them out. */
function pageItems(current: number, pages: number): (number | 'jump-prev' | 'jump-next')[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2;
  const jumpNext = pages - current >= BUFFER * 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: (number | 'jump-prev' | 'jump-next')[] = Array.from({ length: right - left + 1 }, (_, i) => left + i);
  if (jumpPrev) items.unshift('jump-prev');
  if (jumpNext) items.push('jump-next');
  if (left !== 1) items.unshift(1);
  if (right !== pages) items.push(pages);
  return items;
}

function Jump({ direction }: { direction: 'prev' | 'next' }) {
  return (
    <li title={direction === 'prev' ? '向前 5 页' : '向后 5 页'} tabIndex={0} className={`${P}-jump-${direction} ${P}-jump-${direction}-custom-icon`}>
      <a className={`${P}-item-link`}>
        <div className={`${P}-item-container`}>
          {direction === 'prev' ? <DoubleLeftOutlined className={`${P}-item-link-icon`} /> : <DoubleRightOutlined className={`${P}-item-link-icon`} />}
          <span className={`${P}-item-ellipsis`}>
            <EllipsisOutlined />
          </span>
        </div>
      </a>
    </li>
  );
}

function Step({ kind, disabled, icon }: { kind: 'prev' | 'next'; disabled: boolean; icon: ReactNode }) {
  return (
    <li title={kind === 'prev' ? '上一页' : '下一页'} tabIndex={disabled ? undefined : 0} className={`${P}-${kind}${disabled ? ` ${P}-disabled` : ''}`} aria-disabled={disabled}>
      <button className={`${P}-item-link`} type="button" tabIndex={-1} disabled={disabled}>
        {icon}
      </button>
    </li>
  );
}

function DrawnPagination({ total, current, pageSize, showSizeChanger, showTotal, hideOnSinglePage, className, size }: Drawn) {
  const id = useId();
  if (hideOnSinglePage && total <= pageSize) return null;
  const pages = Math.floor((total - 1) / pageSize) + 1;
  const items = pageItems(current, pages);
  const small = size === 'small';
  return (
    <ul className={`${P}${small ? ` ${P}-small ${P}-mini` : ''}${className ? ` ${className}` : ''} portal`}>
      {showTotal && <li className={`${P}-total-text`}>{showTotal(total, [(current - 1) * pageSize + 1, Math.min(current * pageSize, total)])}</li>}
      <Step kind="prev" disabled={current <= 1} icon={<LeftOutlined />} />
      {items.map((item, i) => {
        if (typeof item !== 'number') return <Jump key={item} direction={item === 'jump-prev' ? 'prev' : 'next'} />;
        const edge = items[i - 1] === 'jump-prev' ? ` ${P}-item-after-jump-prev` : items[i + 1] === 'jump-next' ? ` ${P}-item-before-jump-next` : '';
        return (
          <li key={item} title={String(item)} className={`${P}-item ${P}-item-${item}${item === current ? ` ${P}-item-active` : ''}${edge}`} tabIndex={0}>
            <a rel="nofollow">{item}</a>
          </li>
        );
      })}
      <Step kind="next" disabled={current >= pages} icon={<RightOutlined />} />
      {showSizeChanger && (
        <li className={`${P}-options`}>
          <SelectBox
            className={`ant-select${small ? ' ant-select-sm' : ''} ant-select-outlined ${P}-options-size-changer-select ${P}-options-size-changer portal ant-select-css-var ant-select-single`}
            field={{ id, 'aria-label': '页码' }}
            label={`${pageSize} 条/页`}
            clear={false}
            searchable
          />
        </li>
      )}
    </ul>
  );
}
