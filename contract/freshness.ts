import { z } from './zod.ts';

/**
 * 栏目更新监测 (the 普查's 单项否决 items: the home page's news not updated for 2 weeks, a notice or
 * policy column not updated for 6 months, empty columns). Every public column with the days since
 * its last publication and its threshold; `due` once within 20 % of the threshold, `stale` at it,
 * and a column with nothing published is `stale` too.
 */
export const FRESHNESS_STATE = { ok: '正常', due: '即将超期', stale: '已超期' } as const;
export type FreshnessState = keyof typeof FRESHNESS_STATE;
export const FRESHNESS_STATES = Object.keys(FRESHNESS_STATE) as [FreshnessState, ...FreshnessState[]];

/** `due` from this share of the threshold on. */
export const FRESHNESS_DUE_SHARE = 0.8;

export function freshnessState(days: number | null, thresholdDays: number): FreshnessState {
  if (days === null || days >= thresholdDays) return 'stale';
  return days >= thresholdDays * FRESHNESS_DUE_SHARE ? 'due' : 'ok';
}

export const freshnessRowSchema = z.object({
  /** Stable key of the column: `homeNews`, `notice`, `policy`, `policy.<category>`, `declareProject`, `freeProject`, `proclamation`. */
  column: z.string(),
  title: z.string(),
  /** The public page of the column. */
  link: z.string(),
  /** ISO 8601 UTC of the newest publication; null: nothing published. */
  lastPublishedAt: z.string().nullable(),
  /** Whole days since then; null: nothing published. */
  days: z.number().int().nullable(),
  thresholdDays: z.number().int(),
  state: z.enum(FRESHNESS_STATES),
});
export type FreshnessRow = z.infer<typeof freshnessRowSchema>;
export const freshnessListSchema = z.array(freshnessRowSchema);

/**
 * The thresholds, settings the system administrator may tighten but not loosen past the 普查's
 * limits (14 days for the home page's news, 6 months for the other columns).
 */
export const FRESHNESS_LIMITS = { homeNewsDays: 14, columnDays: 180 } as const;
export const FRESHNESS_SETTINGS = {
  homeNewsDays: { label: '首页新闻更新期限', help: '首页“通知公告”栏目超过此天数未发布新内容即为超期（普查要求不超过 2 周）' },
  columnDays: { label: '其他栏目更新期限', help: '通知公告、重点政策及各类别、申报项目、免申即享、公示超过此天数未更新即为超期（普查要求不超过 6 个月）' },
} as const;
export type FreshnessSetting = keyof typeof FRESHNESS_SETTINGS;
export const FRESHNESS_SETTING_KEYS = Object.keys(FRESHNESS_SETTINGS) as FreshnessSetting[];

const days = (key: FreshnessSetting) => {
  const { label } = FRESHNESS_SETTINGS[key];
  const max = FRESHNESS_LIMITS[key];
  return z
    .number({ error: `请填写${label}（天）` })
    .int(`${label}须为整数天`)
    .min(1, `${label}须为 1 至 ${max} 天`)
    .max(max, `${label}须为 1 至 ${max} 天（普查要求不超过 ${max} 天）`);
};
export const freshnessSettingsSchema = z.object({ homeNewsDays: days('homeNewsDays'), columnDays: days('columnDays') });
export type FreshnessSettings = z.output<typeof freshnessSettingsSchema>;
export const DEFAULT_FRESHNESS: FreshnessSettings = { ...FRESHNESS_LIMITS };
