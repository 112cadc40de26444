import { z } from './zod.ts';
import { ATTRIBUTES, isAttributeCode, type AttributeCode, type AttributeSpec } from './enterprise-profile.ts';

/**
 * The machine-readable conditions of a project (docs/domain.md "Rules"): `all` / `any` / `not`
 * nest, leaves test one attribute of the enterprise profile. Saved with the project beside the
 * free-text 申报条件, read back as a Chinese sentence, and evaluated by contract/match-verdict.ts.
 */
export type RuleOp = 'eq' | 'ne' | 'in' | 'notIn' | 'gte' | 'lte' | 'has' | 'yearsAtLeast';
export interface RuleLeaf {
  attr: AttributeCode;
  op: RuleOp;
  value: string | number | string[];
}
export type Rule = RuleLeaf | { all: Rule[] } | { any: Rule[] } | { not: Rule };

export const RULE_OPS: Record<RuleOp, string> = {
  eq: '等于',
  ne: '不等于',
  in: '属于其中之一',
  notIn: '不属于其中任何一个',
  gte: '不低于',
  lte: '不高于',
  has: '具有',
  yearsAtLeast: '成立满（年）',
};

/** Which operators fit each type of attribute. */
export const OPS_BY_TYPE: Record<AttributeSpec['type'], RuleOp[]> = {
  code: ['eq', 'ne', 'in', 'notIn'],
  set: ['has'],
  integer: ['gte', 'lte'],
  number: ['gte', 'lte'],
  date: ['yearsAtLeast'],
};

/** Deep enough for any clause a bureau writes, small enough to read back. */
export const MAX_RULE_DEPTH = 4;
export const MAX_RULE_LEAVES = 30;

const spec = (code: AttributeCode): AttributeSpec => ATTRIBUTES[code];

/** Why a leaf is wrong, as a sentence staff can act on; null when it is right. */
function leafProblem(leaf: Record<string, unknown>): string | null {
  const { attr, op, value } = leaf;
  if (!isAttributeCode(attr)) return `条件中的企业属性“${String(attr)}”不存在，可用的有：${Object.values(ATTRIBUTES).map((a) => a.label).join('、')}`;
  const s = spec(attr);
  const ops = OPS_BY_TYPE[s.type];
  if (typeof op !== 'string' || !ops.includes(op as RuleOp)) {
    return `“${s.label}”不能用“${RULE_OPS[op as RuleOp] ?? String(op)}”比较，可用：${ops.map((o) => RULE_OPS[o]).join('、')}`;
  }
  const known = (v: unknown) => typeof v === 'string' && !!s.options && Object.hasOwn(s.options, v);
  const optionList = () => Object.values(s.options ?? {}).join('、');
  switch (op as RuleOp) {
    case 'eq':
    case 'ne':
    case 'has':
      return known(value) ? null : `“${s.label}”的取值须为以下之一：${optionList()}`;
    case 'in':
    case 'notIn':
      if (!Array.isArray(value) || value.length === 0) return `“${s.label}”请至少选择一项`;
      return value.every(known) ? null : `“${s.label}”的取值须为以下之一：${optionList()}`;
    case 'gte':
    case 'lte':
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return `“${s.label}”的比较值须为不小于 0 的数字`;
      if (s.max !== undefined && value > s.max) return `“${s.label}”的比较值不能超过 ${s.max}`;
      if (s.type === 'integer' && !Number.isInteger(value)) return `“${s.label}”的比较值须为整数`;
      return null;
    case 'yearsAtLeast':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? null : '“成立满 N 年”的 N 须为 0 到 100 的整数';
  }
}

/** Why a tree is wrong (the first problem found), or null. Accepts anything: it is the gate of the save calls. */
export function ruleProblem(node: unknown, depth = 1, count = { leaves: 0 }): string | null {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return '条件格式有误：每个条件须为一个对象';
  const keys = Object.keys(node);
  if (depth > MAX_RULE_DEPTH) return `条件最多嵌套 ${MAX_RULE_DEPTH} 层`;
  const n = node as Record<string, unknown>;
  if (keys.length === 1 && (keys[0] === 'all' || keys[0] === 'any')) {
    const list = n[keys[0]];
    if (!Array.isArray(list) || list.length === 0) return `“${keys[0] === 'all' ? '同时满足' : '满足其一'}”的条件组至少要有一个条件`;
    for (const child of list) {
      const p = ruleProblem(child, depth + 1, count);
      if (p) return p;
    }
    return null;
  }
  if (keys.length === 1 && keys[0] === 'not') return ruleProblem(n.not, depth + 1, count);
  if (keys.every((k) => k === 'attr' || k === 'op' || k === 'value') && 'attr' in n && 'op' in n && 'value' in n) {
    count.leaves += 1;
    if (count.leaves > MAX_RULE_LEAVES) return `条件最多 ${MAX_RULE_LEAVES} 项`;
    return leafProblem(n);
  }
  return '条件格式有误：每个条件须为 all、any、not 之一，或 { attr, op, value }';
}

/**
 * `rules` of the console's save calls: a tree, `null` for none, left out to keep what is saved.
 * A tree that does not fit the attributes is a 400 whose message is the sentence of ruleProblem.
 */
export const rulesSchema = z
  .unknown()
  .superRefine((v, ctx) => {
    if (v === null || v === undefined) return;
    const problem = ruleProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v as Rule | null | undefined)
  .optional();

export const isLeaf = (r: Rule): r is RuleLeaf => 'attr' in r;

// ---- read back as a sentence ------------------------------------------------------------------------

const names = (s: AttributeSpec, codes: string[], joiner: string) => codes.map((c) => s.options?.[c] ?? c).join(joiner);

/** 具有高新技术企业资质, and 具有保税维修业务资质 (a name that already ends in 资质 does not take it twice). */
const holding = (codes: string[], joiner: string) => `${names(spec('qualifications'), codes, joiner).replace(/资质$/, '')}资质`;

/** One leaf as a clause: 上年度营业收入不低于 500 万元. */
export function leafText(leaf: RuleLeaf): string {
  const s = spec(leaf.attr);
  const figure = (v: unknown) => (s.unit === '%' ? `${v}%` : `${v} ${s.unit}`);
  switch (leaf.op) {
    case 'eq':
      return `${s.label}为${names(s, [leaf.value as string], '')}`;
    case 'ne':
      return `${s.label}不是${names(s, [leaf.value as string], '')}`;
    case 'in':
      return `${s.label}为${names(s, leaf.value as string[], '或')}`;
    case 'notIn':
      return `${s.label}不是${names(s, leaf.value as string[], '、')}`;
    case 'gte':
      return `${s.label}不${s.type === 'integer' ? '少' : '低'}于 ${figure(leaf.value)}`;
    case 'lte':
      return `${s.label}不${s.type === 'integer' ? '多' : '高'}于 ${figure(leaf.value)}`;
    case 'has':
      return `具有${holding([leaf.value as string], '')}`;
    case 'yearsAtLeast':
      return `成立满 ${leaf.value} 年`;
  }
}

/** `any` of `has` leaves reads as one clause: 具有高新技术企业或专精特新中小企业资质. */
function hasGroupText(list: Rule[]): string | null {
  if (list.length < 2 || !list.every((r) => isLeaf(r) && r.op === 'has')) return null;
  return `具有${holding(list.map((r) => (r as RuleLeaf).value as string), '或')}`;
}

/** A rule as one clause; a group nested in another is bracketed so that 且 and 或 never mix unread. */
export function ruleText(rule: Rule, nested = false): string {
  if (isLeaf(rule)) return leafText(rule);
  if ('not' in rule) {
    const inner = rule.not;
    if (isLeaf(inner) && inner.op === 'has') return `不具有${holding([inner.value as string], '')}`;
    return `不满足“${ruleText(inner)}”`;
  }
  const list = 'all' in rule ? rule.all : rule.any;
  if (list.length === 1) return ruleText(list[0], nested);
  const merged = 'any' in rule ? hasGroupText(list) : null;
  if (merged) return merged;
  const text = list.map((r) => ruleText(r, true)).join('all' in rule ? '，且' : '，或');
  return nested ? `（${text}）` : text;
}

/** The top-level conditions a verdict lists one by one: the parts of a top-level `all`, else the whole. */
export const topConditions = (rule: Rule): Rule[] => ('all' in rule ? rule.all : [rule]);

/** The attributes a rule reads. */
export function ruleAttributes(rule: Rule, into = new Set<AttributeCode>()): Set<AttributeCode> {
  if (isLeaf(rule)) into.add(rule.attr);
  else if ('not' in rule) ruleAttributes(rule.not, into);
  else for (const r of 'all' in rule ? rule.all : rule.any) ruleAttributes(r, into);
  return into;
}
