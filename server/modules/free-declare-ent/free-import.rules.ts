import { ATTRIBUTE_CODES, profileValues, type AttributeValues, type Profile } from '#contract/enterprise-profile.ts';
import type { ImportPreviewRow } from '#contract/free-declare-ent.console.ts';
import { ruleAttributes, ruleText, type Rule } from '#contract/match-rules.ts';
import { evaluate } from '#contract/match-verdict.ts';
import { yuanToWan } from '#contract/declare-project.ts';

/** The values of a profile that a department verified: what a 免申即享 list may rest on. */
export function verifiedValues(profile: Profile): AttributeValues {
  const out: Record<string, unknown> = {};
  for (const code of ATTRIBUTE_CODES) {
    const a = profile.attributes[code];
    if (a?.source === 'verified') out[code] = a.value;
  }
  return out as AttributeValues;
}

export interface RulesContext {
  rule: Rule;
  /** Every enterprise on file. */
  enterprises: readonly { id: number; name: string; uscc: string }[];
  profiles: ReadonlyMap<number, Profile>;
  /** Enterprise ids already on the project's list. */
  listed: ReadonlySet<number>;
  yuan: number;
  today: string;
}

const MAX_CONDITION = 500;
const MAX_SOURCE = 100;
const clip = (text: string, max: number) => (Array.from(text).length > max ? `${Array.from(text).slice(0, max - 1).join('')}…` : text);

/**
 * 免申即享 from the rules (docs/matching.md "免申即享 from the rules"): every enterprise whose
 * VERIFIED values satisfy the rule becomes a row, like a good line of a file. An enterprise that
 * qualifies only on what it declared itself, or whose verified data leaves the rule undecided,
 * is a row with the reason it is left out (the attributes a department must still verify).
 * Enterprises that fail the rule, or have no profile at all, are only counted (`unmatched`).
 */
export function rowsFromRules(ctx: RulesContext): { rows: (ImportPreviewRow & { yuan: number | null })[]; unmatched: number } {
  const condition = clip(ruleText(ctx.rule), MAX_CONDITION);
  const read = [...ruleAttributes(ctx.rule)];
  const rows: (ImportPreviewRow & { yuan: number | null })[] = [];
  let unmatched = 0;
  for (const e of ctx.enterprises) {
    const profile = ctx.profiles.get(e.id);
    if (!profile) {
      unmatched += 1;
      continue;
    }
    const verified = evaluate(ctx.rule, verifiedValues(profile), ctx.today);
    const counted = verified.verdict === 'eligible' ? verified : evaluate(ctx.rule, profileValues(profile), ctx.today);
    const missing = verified.missing.map((m) => m.label).join('、');
    let errors: string[];
    if (verified.verdict === 'eligible') errors = [];
    else if (counted.verdict === 'eligible') errors = [`仅按企业自报的信息符合条件，${missing}尚未经部门核实，暂不列入`];
    else if (verified.verdict === 'maybe' && counted.verdict === 'maybe') errors = [`缺少部门核实的${missing}，无法判断是否符合，暂不列入`];
    else {
      unmatched += 1;
      continue;
    }
    const departments = [...new Set(read.map((code) => profile.attributes[code]).filter((a) => a?.source === 'verified').map((a) => a!.department ?? '部门'))];
    rows.push({
      line: rows.length + 1,
      uscc: e.uscc,
      enterpriseName: e.name,
      amount: errors.length ? null : yuanToWan(ctx.yuan),
      yuan: errors.length ? null : ctx.yuan,
      condition,
      source: departments.length ? clip(`${departments.join('、')}核实数据`, MAX_SOURCE) : '',
      errors,
      // Nothing was typed: the row comes from the profile.
      raw: null,
      existing: errors.length === 0 && ctx.listed.has(e.id),
      newEnterprise: false,
    });
  }
  // Those that will be listed first, then those a department must still verify.
  rows.sort((a, b) => a.errors.length - b.errors.length || a.line - b.line);
  rows.forEach((r, i) => (r.line = i + 1));
  return { rows, unmatched };
}
