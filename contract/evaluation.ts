import { z } from './zod.ts';

/**
 * 好差评: the national five-level scale, shared by appeals and declarations.
 * Level 1 is the best. 不满意 or worse asks for a reason, so that the bureau can follow up.
 */
export const EVALUATION_LEVELS = [
  { level: 1, text: '非常满意' },
  { level: 2, text: '满意' },
  { level: 3, text: '基本满意' },
  { level: 4, text: '不满意' },
  { level: 5, text: '非常不满意' },
] as const;

export type EvaluationLevel = 1 | 2 | 3 | 4 | 5;

export const evaluationLevelText = (level: number): string => EVALUATION_LEVELS.find((l) => l.level === level)?.text ?? '-';

/** 不满意 and 非常不满意. */
export const isDissatisfied = (level: number) => level >= 4;

/** Ids in JSON bodies may come as numbers or digit strings; the server checks them with parseId. */
export const bodyIdSchema = z.union([z.number(), z.string().max(20)], { error: '缺少编号' });

export const evaluateSchema = z
  .object({
    id: bodyIdSchema,
    level: z.coerce
      .number({ error: '请选择评价等级' })
      .int('请选择评价等级')
      .min(1, '评价等级须为 1 到 5')
      .max(5, '评价等级须为 1 到 5'),
    comment: z.string().trim().max(500, '评价内容不能超过 500 个字').nullish(),
  })
  .superRefine((v, ctx) => {
    if (isDissatisfied(v.level) && !v.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: '请说明不满意的原因，便于我们改进' });
    }
  });
export type EvaluateInput = z.output<typeof evaluateSchema>;

export const evaluationSchema = z.object({
  level: z.number().int(),
  levelText: z.string(),
  comment: z.string().nullable(),
  evaluatedAt: z.string(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export function toEvaluation(row: { evaluationLevel: number | null; evaluationComment: string | null; evaluatedAt: string | null }): Evaluation | null {
  if (row.evaluationLevel === null || !row.evaluatedAt) return null;
  return {
    level: row.evaluationLevel,
    levelText: evaluationLevelText(row.evaluationLevel),
    comment: row.evaluationComment,
    evaluatedAt: row.evaluatedAt,
  };
}
