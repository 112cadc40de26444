import { FRESHNESS_STATE, FRESHNESS_STATES, freshnessState, type FreshnessRow, type FreshnessSettings } from '#contract/freshness.ts';
import type { DictOption } from '#contract/dict.ts';
import type { Deps } from '#server/deps.ts';
import type { StaffMessageService } from '../staff-message/staff-message.service.ts';
import * as repo from './freshness.repository.ts';

const DAY = 86_400_000;
/** Where the table lives in the console: every alert links to it. */
export const FRESHNESS_CONSOLE_PATH = '/console/freshness';

export interface FreshnessSources {
  dict: { options(code: 'policy_category'): Promise<DictOption[]> };
  setting: { freshness(): Promise<FreshnessSettings> };
  staffMessage: Pick<StaffMessageService, 'alert'>;
}

interface Column {
  column: string;
  title: string;
  link: string;
  last: string | null;
  homeNews?: true;
}

/** ok < due < stale. */
const severity = (r: FreshnessRow) => FRESHNESS_STATES.indexOf(r.state);

function alertText(r: FreshnessRow): { title: string; content: string; sms: string } {
  const when = r.days === null ? '还没有发布任何内容' : `已 ${r.days} 天未发布新内容`;
  const verdict = r.state === 'stale' ? '已超过' : '即将超过';
  return {
    title: `栏目“${r.title}”${FRESHNESS_STATE[r.state]}未更新`,
    content: `“${r.title}”${when}，${verdict}更新期限（${r.thresholdDays} 天）。政府网站普查中栏目长期不更新属单项否决，请尽快发布新内容。`,
    sms: `栏目“${r.title}”${when}，${verdict}更新期限 ${r.thresholdDays} 天，请登录管理后台发布新内容。`,
  };
}

/**
 * 栏目更新监测 (contract/freshness.ts): every public column's newest publication against its
 * threshold, worst first, and the daily alerts to the staff who watch it, once per change of state.
 */
export function createFreshnessService({ db, log }: Deps, { dict, setting, staffMessage }: FreshnessSources) {
  async function columns(now: string): Promise<Column[]> {
    const [last, categories] = await Promise.all([repo.lastPublished(db, now), dict.options('policy_category')]);
    return [
      { column: 'homeNews', title: '首页 · 通知公告', link: '/', last: last.notice, homeNews: true },
      { column: 'notice', title: '通知公告', link: '/notice', last: last.notice },
      { column: 'policy', title: '重点政策', link: '/important-policy', last: last.policy },
      ...categories.map((c) => ({
        column: `policy.${c.id}`,
        title: `重点政策 · ${c.text}`,
        link: `/important-policy?category=${encodeURIComponent(c.id)}`,
        last: last.policyByCategory.get(c.id) ?? null,
      })),
      { column: 'declareProject', title: '申报项目', link: '/free-apply?tab=declare', last: last.declareProject },
      { column: 'freeProject', title: '免申即享', link: '/free-apply', last: last.freeProject },
      { column: 'proclamation', title: '公示公告', link: '/free-apply?tab=proclamation', last: last.proclamation },
    ];
  }

  async function table(now: Date): Promise<FreshnessRow[]> {
    const [cols, limits] = await Promise.all([columns(now.toISOString()), setting.freshness()]);
    const rows = cols.map(({ column, title, link, last, homeNews }) => {
      const thresholdDays = homeNews ? limits.homeNewsDays : limits.columnDays;
      const days = last === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(last)) / DAY));
      return { column, title, link, lastPublishedAt: last, days, thresholdDays, state: freshnessState(days, thresholdDays) };
    });
    // Stable: within one state the columns keep the order the public pages show them in.
    return rows.sort((a, b) => severity(b) - severity(a));
  }

  return {
    table: (now: Date = new Date()) => table(now),

    /**
     * The daily job: each column whose state differs from the one last recorded moves to it, and
     * a move to `due` or `stale` tells the watchers. Answers the columns alerted about.
     */
    async alertChanges(now: Date = new Date()): Promise<string[]> {
      const [rows, seen] = await Promise.all([table(now), repo.alertStates(db)]);
      const alerted: string[] = [];
      for (const r of rows) {
        const before = seen.get(r.column) ?? null;
        if (before === r.state) continue;
        if (!(await repo.moveState(db, r.column, before, r.state, now.toISOString()))) continue;
        if (r.state === 'ok') continue;
        const text = alertText(r);
        await staffMessage.alert({
          permission: 'content:freshness:view',
          title: text.title,
          content: text.content,
          link: FRESHNESS_CONSOLE_PATH,
          sms: { template: `freshness_${r.state}`, text: text.sms },
        });
        alerted.push(r.column);
      }
      if (alerted.length) log.info({ columns: alerted }, 'column freshness alerts sent');
      return alerted;
    },
  };
}

export type FreshnessService = ReturnType<typeof createFreshnessService>;
