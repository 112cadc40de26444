import { Pagination, type PaginationProps } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { tablePagination } from '#app/features/console/use-list-url.ts';
import { renderBothWays } from '#tests/helpers/hydration.tsx';
import { FirstPaintPagination } from './first-paint-pagination.tsx';

// A list's pager is drawn from plain elements until the page hydrates, then antd's Pagination takes
// over: the two must write the same markup, or the pager would jump under the user's eyes.
vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));

// Under test antd's ids are all 'test-id' (rc-util's useId); the drawn page-size box's is React's.
const sameIds = (html: string) => html.replace(/id="[^"]*"/g, 'id="page-size"');

function both(props: PaginationProps): [string, string] {
  const [drawn, antd] = renderBothWays((now) => (now ? <Pagination {...props} /> : <FirstPaintPagination {...props} />));
  return [sameIds(drawn), sameIds(antd)];
}

const list = (total: number, currentPage: number, pageSize = 20, totalCapped = false) => tablePagination({ total, currentPage, pageSize, totalCapped }, () => {});

describe('a pager drawn before hydration', () => {
  it('writes antd’s markup for every place in a long list: the first pages, the middle, the last, and the jumps between', () => {
    for (const current of [1, 2, 3, 4, 5, 6, 12, 21, 22, 23, 24, 25]) {
      for (const size of ['small', undefined] as const) {
        const [drawn, antd] = both({ ...list(500, current), size, className: 'ant-table-pagination ant-table-pagination-end' });
        expect(drawn, `第 ${current} 页，${size ?? 'default'}`).toBe(antd);
      }
    }
    const [middle] = both(list(500, 12));
    expect(middle).toContain('向前 5 页');
    expect(middle).toContain('向后 5 页');
  });

  it('writes antd’s markup for short lists, one page included, and for every page size', () => {
    for (const [total, current, pageSize] of [
      [1, 1, 20],
      [20, 1, 20],
      [21, 2, 20],
      [140, 7, 20],
      [160, 8, 20],
      [95, 1, 10],
      [1000, 10, 100],
    ]) {
      const [drawn, antd] = both({ ...list(total, current, pageSize), size: 'small' });
      expect(drawn, `${total} 条，第 ${current} 页，每页 ${pageSize}`).toBe(antd);
    }
  });

  it('writes antd’s markup for a user-centre list: no page-size box, nothing at all on a single page', () => {
    const userList = (total: number, current: number): PaginationProps => ({
      hideOnSinglePage: true,
      current,
      pageSize: 10,
      total,
      showTotal: (t) => `共 ${t} 条`,
      showSizeChanger: false,
      onChange: () => {},
    });
    for (const [total, current] of [
      [8, 1],
      [10, 1],
      [11, 2],
      [95, 5],
    ]) {
      const [drawn, antd] = both(userList(total, current));
      expect(drawn, `${total} 条，第 ${current} 页`).toBe(antd);
    }
    expect(both(userList(8, 1))[0]).not.toContain('ant-pagination');
    expect(both(userList(95, 5))[0]).not.toContain('条/页');
  });

  it('shows the capped total as antd does', () => {
    const [drawn, antd] = both(list(10_000, 3, 20, true));
    expect(drawn).toBe(antd);
    expect(drawn).toContain('超过 10,000 条，请缩小筛选范围');
  });

  it('leaves to antd what it does not draw: a quick jumper, a simple pager, a page-size box left to its default', () => {
    for (const extra of [{ showQuickJumper: true }, { simple: true }, { showSizeChanger: undefined }]) {
      const [drawn, antd] = both({ ...list(500, 3), ...extra });
      expect(drawn).toBe(antd);
    }
  });
});
