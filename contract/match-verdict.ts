import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { ATTRIBUTES, attributesInputSchema, formatAttribute, type AttributeCode, type AttributeValues } from './enterprise-profile.ts';
import { isLeaf, ruleAttributes, rulesSchema, ruleText, topConditions, type Rule, type RuleLeaf } from './match-rules.ts';

/**
 * The verdict of a project's rules on an enterprise's attributes (docs/domain.md "Verdicts"), in
 * three values: true, false, or null when the profile lacks what a condition needs. Pure: the
 * server, the calculator and the tests all call this one function.
 */
export const VERDICTS = { eligible: '符合条件', maybe: '待补充信息', ineligible: '暂不符合' } as const;
export type Verdict = keyof typeof VERDICTS;
export const VERDICT_CODES = Object.keys(VERDICTS) as [Verdict, ...Verdict[]];

export type Truth = boolean | null;

/** Whole years from `day` to `today` (both YYYY-MM-DD): a birthday counts on its date. */
export function wholeYears(day: string, today: string): number {
  const [y1, m1, d1] = day.split('-').map(Number);
  const [y2, m2, d2] = today.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

function leafTruth(leaf: RuleLeaf, values: AttributeValues, today: string): Truth {
  const v = values[leaf.attr];
  if (v === undefined || v === null) return null;
  switch (leaf.op) {
    case 'eq':
      return v === leaf.value;
    case 'ne':
      return v !== leaf.value;
    case 'in':
      return (leaf.value as string[]).includes(v as string);
    case 'notIn':
      return !(leaf.value as string[]).includes(v as string);
    case 'gte':
      return (v as number) >= (leaf.value as number);
    case 'lte':
      return (v as number) <= (leaf.value as number);
    case 'has':
      return (v as string[]).includes(leaf.value as string);
    case 'yearsAtLeast':
      return wholeYears(v as string, today) >= (leaf.value as number);
  }
}

/** Kleene's three-valued logic: a known failure decides `all`, a known success decides `any`. */
export function truthOf(rule: Rule, values: AttributeValues, today: string): Truth {
  if (isLeaf(rule)) return leafTruth(rule, values, today);
  if ('not' in rule) {
    const t = truthOf(rule.not, values, today);
    return t === null ? null : !t;
  }
  const results = ('all' in rule ? rule.all : rule.any).map((r) => truthOf(r, values, today));
  const decisive = 'all' in rule ? false : true;
  if (results.includes(decisive)) return decisive;
  return results.includes(null) ? null : !decisive;
}

export const conditionResultSchema = z.object({
  text: z.string(),
  result: z.boolean().nullable(),
  /** The enterprise's values the condition reads, as a person reads them; null when it has none. */
  actual: z.string().nullable(),
});
export type ConditionResult = z.infer<typeof conditionResultSchema>;

export const verdictSchema = z.object({
  verdict: z.enum(VERDICT_CODES),
  conditions: z.array(conditionResultSchema),
  /** maybe: the attributes to fill in to know (their names). */
  missing: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type VerdictResult = z.infer<typeof verdictSchema>;

/** The attributes whose absence leaves `rule` undecided (those of the branches that are still open). */
function missingOf(rule: Rule, values: AttributeValues, today: string, into: Set<AttributeCode>): void {
  if (truthOf(rule, values, today) !== null) return;
  if (isLeaf(rule)) into.add(rule.attr);
  else if ('not' in rule) missingOf(rule.not, values, today, into);
  else for (const r of 'all' in rule ? rule.all : rule.any) missingOf(r, values, today, into);
}

/**
 * What does not depend on the enterprise: each top condition with its sentence and the attributes
 * it reads, worked out once per rule object (a project's rule stays the same object while the
 * open projects are cached, so /api/match/mine does not write 200 projects' sentences per call).
 */
const partsOf = new WeakMap<Rule, { rule: Rule; text: string; attrs: AttributeCode[] }[]>();
function conditionParts(rule: Rule) {
  let parts = partsOf.get(rule);
  if (!parts) partsOf.set(rule, (parts = topConditions(rule).map((c) => ({ rule: c, text: ruleText(c), attrs: [...ruleAttributes(c)] }))));
  return parts;
}

/** The verdict of `rule` on `values`, condition by condition. `today` is the Beijing calendar day. */
export function evaluate(rule: Rule, values: AttributeValues, today: string): VerdictResult {
  const conditions = conditionParts(rule).map(({ rule: c, text, attrs }) => {
    const shown = attrs.filter((code) => values[code] !== undefined && values[code] !== null);
    return {
      text,
      result: truthOf(c, values, today),
      actual: shown.length ? shown.map((code) => formatAttribute(code, values[code])).join('；') : null,
    };
  });
  const truth = truthOf(rule, values, today);
  const missing = new Set<AttributeCode>();
  if (truth === null) missingOf(rule, values, today, missing);
  return {
    verdict: truth === true ? 'eligible' : truth === false ? 'ineligible' : 'maybe',
    conditions,
    missing: [...missing].map((code) => ({ code, label: ATTRIBUTES[code].label })),
  };
}

// ---- the calls ------------------------------------------------------------------------------------

export const MATCH_KINDS = { 'declare-project': '申报项目', 'free-project': '免申即享' } as const;
export type MatchKind = keyof typeof MATCH_KINDS;

export const projectMatchSchema = verdictSchema.extend({
  kind: z.enum(['declare-project', 'free-project']),
  id: z.number().int(),
  title: z.string(),
});
export type ProjectMatch = z.infer<typeof projectMatchSchema>;
export const projectMatchListSchema = z.array(projectMatchSchema);

/** The public page of a matched project. */
export const matchUrl = (m: { kind: MatchKind; id: number }) => `/free-apply/${m.kind}/detail?id=${m.id}`;

/** Eligible first, then maybe, then the rest; in each, the order the projects came in. */
export const VERDICT_ORDER: Record<Verdict, number> = { eligible: 0, maybe: 1, ineligible: 2 };

/** POST /api/match/calculate: what a visitor answered (every attribute optional). */
export const calculateSchema = z.object({ attributes: attributesInputSchema.default({}) });
export type CalculateRequest = z.input<typeof calculateSchema>;

/** POST /console/api/match/preview: how many enterprises a rule would reach. */
export const matchPreviewSchema = z
  .object({ rules: rulesSchema })
  // On the object: rulesSchema is optional, and an optional field passes a missing value untested.
  .refine((b) => b.rules !== null && b.rules !== undefined, { message: '请至少添加一个条件', path: ['rules'] });
export const matchPreviewResultSchema = z.object({ eligible: z.number().int(), maybe: z.number().int(), total: z.number().int() });

/** What a project page shows: the sentence of its rules, and the signed-in enterprise's verdict. */
export const projectRulesSchema = z.object({ rulesText: z.string().nullable(), verdict: verdictSchema.nullable() });

/** GET /console/api/match/pushes: who a project's push told, and when. */
export const matchPushQuerySchema = z.object({
  kind: z.enum(['declare-project', 'free-project'], { error: '项目类型只能是申报项目或免申即享项目' }),
  id: recordId('请选择一个项目'),
});
export const matchPushListSchema = z.object({
  eligible: z.number().int(),
  maybe: z.number().int(),
  /** How many of them also got an SMS (they asked for pushes by SMS on /user/profile). */
  sms: z.number().int(),
  lastAt: z.string().nullable(),
  records: z.array(
    z.object({
      enterpriseName: z.string(),
      uscc: z.string(),
      verdict: z.enum(['eligible', 'maybe']),
      toldAt: z.string(),
      /** The SMS sent with the notice (contract/message.ts SMS_STATUS); null: none. */
      sms: z.enum(['pending', 'sent', 'failed']).nullable(),
    }),
  ),
});
