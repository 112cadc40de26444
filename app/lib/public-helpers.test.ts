import { describe, expect, it, vi } from 'vitest';
import { isRouteErrorResponse } from 'react-router';
import { noticeListQuerySchema } from '#contract/notice.ts';
import { policyListQuerySchema } from '#contract/policy.ts';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadOnce } from './chunk-reload.ts';
import { canPrefetch } from './connection.ts';
import { greetingOf } from './greeting.ts';
import { pageMeta, platformNameOf } from './meta.ts';
import { remainingDisplay } from './min-display.ts';
import { listHref, pageCount, pageSlots } from './pagination.ts';
import { parseIdParam, parseSearch } from './params.ts';
import { toRouteError } from './route-errors.ts';

describe('greeting (Asia/Shanghai, whatever the machine zone)', () => {
  it.each([
    ['2026-11-21T18:30:00Z', '夜深了'], // 02:30
    ['2026-11-21T23:10:00Z', '早上好'], // 07:10
    ['2026-11-22T01:00:00Z', '上午好'], // 09:00
    ['2026-11-22T04:59:00Z', '中午好'], // 12:59
    ['2026-11-22T06:00:00Z', '下午好'], // 14:00
    ['2026-11-22T10:00:00Z', '晚上好'], // 18:00
    ['2026-11-22T15:59:00Z', '晚上好'], // 23:59
  ])('%s → %s', (iso, text) => expect(greetingOf(new Date(iso))).toBe(text));
});

describe('pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
  it('shows first, last and neighbours with gaps', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageSlots(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageSlots(6, 10)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlots(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
    expect(pageSlots(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });
  it('never hides a single page behind a gap', () => {
    expect(pageSlots(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10]);
    expect(pageSlots(7, 10)).toEqual([1, 'gap', 5, 6, 7, 8, 9, 10]);
  });
  it('builds short list URLs that keep the other parameters', () => {
    expect(listHref('/notice', '?keyword=招聘&currentPage=3', { currentPage: 4 })).toBe(`/notice?keyword=${encodeURIComponent('招聘')}&currentPage=4`);
    expect(listHref('/notice', '?keyword=a&currentPage=3', { currentPage: 1 })).toBe('/notice?keyword=a');
    expect(listHref('/important-policy', '', { keyword: '', level: 'city', category: undefined })).toBe('/important-policy?level=city');
    expect(listHref('/free-apply', '?tab=declare&keyword=', {})).toBe('/free-apply?tab=declare');
  });
});

describe('URL parameters never break a page', () => {
  const search = (q: string) => new URLSearchParams(q);
  it('keeps good values', () => {
    expect(parseSearch(noticeListQuerySchema, search('currentPage=3&keyword=招聘'))).toEqual({ currentPage: 3, pageSize: 10, keyword: '招聘' });
  });
  it('drops only the bad ones', () => {
    expect(parseSearch(noticeListQuerySchema, search('currentPage=abc&keyword=会'))).toEqual({ currentPage: 1, pageSize: 10, keyword: '会' });
    expect(parseSearch(noticeListQuerySchema, search('currentPage=-1&pageSize=0'))).toEqual({ currentPage: 1, pageSize: 10, keyword: undefined });
    const policy = parseSearch(policyListQuerySchema, search(`level=${'x'.repeat(40)}&category=tax`));
    expect(policy.level).toBeUndefined();
    expect(policy.category).toBe('tax');
  });
  it('treats empty fields of a script-less form as absent', () => {
    expect(parseSearch(policyListQuerySchema, search('keyword=&level=&category='))).toEqual({
      currentPage: 1,
      pageSize: 10,
      keyword: undefined,
      level: undefined,
      category: undefined,
    });
  });
  it('accepts only plausible ids', () => {
    expect(parseIdParam('12')).toBe(12);
    for (const bad of [null, '', 'abc', '0', '-1', '1.5', '1e3', ' 1', '99999999999', '3000000000']) expect(parseIdParam(bad)).toBeNull();
  });
});

describe('service errors become page statuses', () => {
  it.each([400, 401, 403, 404])('code %i keeps its status', (code) => {
    const routeError = toRouteError(Object.assign(new Error('该通知公告不存在或已撤回'), { code }));
    const init = (routeError as { init?: ResponseInit }).init;
    expect(init?.status).toBe(code);
  });
  it('anything else stays an unexpected error (500)', () => {
    const e = new Error('boom');
    expect(toRouteError(e)).toBe(e);
    expect(toRouteError(Object.assign(new Error('x'), { code: 500 }))).not.toHaveProperty('init');
    expect(isRouteErrorResponse(toRouteError(e))).toBe(false);
  });
});

describe('chunk-load reload guard (docs/product.md §8: once per 60 s)', () => {
  function memory() {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  }
  it('recognises chunk-load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
  it('reloads once, then not again within the window', () => {
    const store = memory();
    const reload = vi.fn();
    expect(reloadOnce(store, 1_000_000, reload)).toBe(true);
    expect(reloadOnce(store, 1_000_000 + CHUNK_RELOAD_WINDOW_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(store, 1_000_000 + CHUNK_RELOAD_WINDOW_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it('still reloads when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const reload = vi.fn();
    expect(reloadOnce(broken, 5, reload)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('link prefetch (docs/product.md §9)', () => {
  it('is skipped on 2g and data saver only', () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(canPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('minimum display of loading states (docs/product.md §9: 200 ms)', () => {
  it('keeps a state shown for the rest of 200 ms', () => {
    expect(remainingDisplay(1000, 1050)).toBe(150);
    expect(remainingDisplay(1000, 1200)).toBe(0);
    expect(remainingDisplay(1000, 5000)).toBe(0);
  });
});

describe('titles (docs/product.md §1)', () => {
  const matches = [{ id: 'root', loaderData: { site: { platformName: '某某综合保税区企业服务平台' } } }, { id: 'routes/notice' }];
  it('puts the page name in front of the platform name', () => {
    expect(platformNameOf(matches)).toBe('某某综合保税区企业服务平台');
    expect(pageMeta(matches, '通知公告')).toEqual([{ title: '通知公告 - 某某综合保税区企业服务平台' }]);
    expect(pageMeta(matches, '重点政策', '各级政策')).toContainEqual({ name: 'description', content: '各级政策' });
  });
});
