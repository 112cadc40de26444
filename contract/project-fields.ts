import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { richText } from './publishing.ts';
import { rulesSchema, type Rule } from './match-rules.ts';

/** What a 申报项目 and a 免申即享 project both say about themselves in a list. */
export const projectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  categoryText: z.string(),
  department: z.string(),
  policyId: z.number().int().nullable(),
  /** 万元; null when the bureau set no figure (the page then shows 根据实际情况给予资金扶持). */
  amountMin: z.number().nullable(),
  amountMax: z.number().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** What both add on their detail page. */
export const projectBodyFields = {
  conditions: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
};

/** What the console shows of a project's rules: the tree, and the tree read back as a sentence. */
export const projectRulesFields = {
  rules: z.custom<Rule>().nullable(),
  rulesText: z.string().nullable(),
};

/** An amount in 万元 as forms send it (4 decimals at most: a whole number of 元). */
export const wanSchema = z
  .number({ error: '请输入金额（万元）' })
  .min(0, '金额不能为负数')
  .max(1_000_000, '金额过大，请核对单位（万元）')
  .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, '金额最多保留 4 位小数');

/**
 * What staff enter for a 申报项目 or a 免申即享 project (the console's save calls). Amounts in
 * 万元, as the public pages show them; the content is rich text, sanitised on the server.
 */
const amountField = () => z.preprocess((v) => (v === '' ? null : v), wanSchema.nullish()).transform((v) => v ?? null);

export const projectInputFields = {
  id: recordId('请选择一条记录').nullish().transform((v) => v ?? null),
  name: z.string({ error: '请填写项目名称' }).trim().min(1, '请填写项目名称').max(200, '项目名称不能超过 200 个字'),
  category: z.string({ error: '请选择项目类别' }).trim().min(1, '请选择项目类别').max(50, '项目类别有误'),
  department: z.string({ error: '请填写主管部门' }).trim().min(1, '请填写主管部门').max(100, '主管部门不能超过 100 个字'),
  policyId: z.preprocess((v) => (v === '' ? null : v), recordId('政策编号有误').nullish()).transform((v) => v ?? null),
  amountMin: amountField(),
  amountMax: amountField(),
  conditions: z.string({ error: '请填写申报条件' }).trim().min(1, '请填写申报条件').max(5000, '申报条件不能超过 5000 个字'),
  content: richText('项目说明', true),
  /** The machine-readable conditions (contract/match-rules.ts): null for none, left out to keep what is saved. */
  rules: rulesSchema,
};

/** 最高金额 not below 最低金额 (both optional: none means 根据实际情况给予资金扶持). */
export const amountOrder = <T extends { amountMin: number | null; amountMax: number | null }>(p: T) =>
  p.amountMin === null || p.amountMax === null || p.amountMin <= p.amountMax;
export const AMOUNT_ORDER_MESSAGE = { path: ['amountMax'], message: '最高金额不能低于最低金额' };
