import { z } from './zod.ts';
import { DECLARE_RESUBMIT_WORKING_DAYS, DECLARE_REVIEW_WORKING_DAYS } from './declare-ent.console.ts';
import { OBJECTION_REPLY_WORKING_DAYS } from './proclamation.console.ts';
import { OBJECTION_WORKING_DAYS } from './proclamation.ts';

/**
 * 办理时限 (docs/console.md "Declaration review", "公示": review due in 10 working days, objections in 5,
 * each a setting): the working days of the declaration and 公示 steps. The system administrator
 * changes them on /console/settings; a change applies to what is submitted, returned or published
 * from then on, never to a deadline already set.
 */
export const DEADLINE_SETTINGS = {
  declareReviewDays: { label: '申报审核时限', help: '企业提交申报后，审核须在此期限内完成', default: DECLARE_REVIEW_WORKING_DAYS },
  declareResubmitDays: { label: '退回修改后重新提交期限', help: '申报被退回后，企业须在此期限内修改并重新提交（申报期已结束也可）', default: DECLARE_RESUBMIT_WORKING_DAYS },
  objectionWindowDays: { label: '公示异议期', help: '公示发布后，在此期限内接受实名异议', default: OBJECTION_WORKING_DAYS },
  objectionReplyDays: { label: '异议答复时限', help: '收到异议后，须在此期限内核查答复', default: OBJECTION_REPLY_WORKING_DAYS },
} as const;
export type DeadlineSetting = keyof typeof DEADLINE_SETTINGS;
export const DEADLINE_SETTING_KEYS = Object.keys(DEADLINE_SETTINGS) as DeadlineSetting[];

export const MIN_DEADLINE_DAYS = 1;
export const MAX_DEADLINE_DAYS = 30;

const workingDays = (label: string) =>
  z
    .number({ error: `请填写${label}（工作日）` })
    .int(`${label}须为整数个工作日`)
    .min(MIN_DEADLINE_DAYS, `${label}须为 ${MIN_DEADLINE_DAYS} 至 ${MAX_DEADLINE_DAYS} 个工作日`)
    .max(MAX_DEADLINE_DAYS, `${label}须为 ${MIN_DEADLINE_DAYS} 至 ${MAX_DEADLINE_DAYS} 个工作日`);

export const deadlineSettingsSchema = z.object({
  declareReviewDays: workingDays(DEADLINE_SETTINGS.declareReviewDays.label),
  declareResubmitDays: workingDays(DEADLINE_SETTINGS.declareResubmitDays.label),
  objectionWindowDays: workingDays(DEADLINE_SETTINGS.objectionWindowDays.label),
  objectionReplyDays: workingDays(DEADLINE_SETTINGS.objectionReplyDays.label),
});
export type DeadlineSettings = z.output<typeof deadlineSettingsSchema>;

export const DEFAULT_DEADLINES = Object.fromEntries(DEADLINE_SETTING_KEYS.map((k) => [k, DEADLINE_SETTINGS[k].default])) as DeadlineSettings;
