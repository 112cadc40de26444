import { describe, expect, it } from 'vitest';
import type { Rule } from './match-rules.ts';
import { evaluate, wholeYears } from './match-verdict.ts';

const rule: Rule = {
  all: [
    { attr: 'revenue', op: 'gte', value: 500 },
    { any: [{ attr: 'qualifications', op: 'has', value: 'hnte' }, { attr: 'qualifications', op: 'has', value: 'srdi' }] },
    { attr: 'foundedOn', op: 'yearsAtLeast', value: 2 },
  ],
};
const today = '2026-11-29';

describe('the verdict, condition by condition', () => {
  it('is eligible when every condition holds, each shown with the enterprise value', () => {
    const v = evaluate(rule, { revenue: 820, qualifications: ['srdi', 'aeo'], foundedOn: '2020-03-01' }, today);
    expect(v.verdict).toBe('eligible');
    expect(v.missing).toEqual([]);
    expect(v.conditions).toEqual([
      { text: '上年度营业收入不低于 500 万元', result: true, actual: '820 万元' },
      { text: '具有高新技术企业或专精特新中小企业资质', result: true, actual: '专精特新中小企业、海关 AEO 高级认证' },
      { text: '成立满 2 年', result: true, actual: '2020-03-01' },
    ]);
  });

  it('is ineligible when one condition fails, even with others unknown', () => {
    const v = evaluate(rule, { revenue: 300 }, today);
    expect(v.verdict).toBe('ineligible');
    expect(v.conditions.map((c) => c.result)).toEqual([false, null, null]);
    expect(v.conditions[1].actual).toBeNull();
    expect(v.missing).toEqual([]);
  });

  it('is maybe when nothing fails but something is unknown, and names what is missing', () => {
    const v = evaluate(rule, { revenue: 900, foundedOn: '2010-01-01' }, today);
    expect(v.verdict).toBe('maybe');
    expect(v.missing).toEqual([{ code: 'qualifications', label: '资质' }]);
  });

  it('holds none of the qualifications when the set is known and empty', () => {
    const v = evaluate(rule, { revenue: 900, foundedOn: '2010-01-01', qualifications: [] }, today);
    expect(v.verdict).toBe('ineligible');
    expect(v.conditions[1]).toEqual({ text: '具有高新技术企业或专精特新中小企业资质', result: false, actual: '无' });
  });

  it('decides an any-group by one known success, and a not by its inner truth', () => {
    const any: Rule = { any: [{ attr: 'scale', op: 'eq', value: 'micro' }, { attr: 'employees', op: 'lte', value: 20 }] };
    expect(evaluate(any, { employees: 12 }, today).verdict).toBe('eligible');
    expect(evaluate(any, { employees: 40 }, today)).toMatchObject({ verdict: 'maybe', missing: [{ code: 'scale', label: '企业规模' }] });
    expect(evaluate(any, { employees: 40, scale: 'medium' }, today).verdict).toBe('ineligible');
    const notRealEstate: Rule = { not: { attr: 'industry', op: 'in', value: ['K'] } };
    expect(evaluate(notRealEstate, { industry: 'C' }, today).verdict).toBe('eligible');
    expect(evaluate(notRealEstate, { industry: 'K' }, today).verdict).toBe('ineligible');
    expect(evaluate(notRealEstate, {}, today).verdict).toBe('maybe');
  });

  it('counts whole years to the day', () => {
    expect(wholeYears('2024-11-29', today)).toBe(2);
    expect(wholeYears('2024-11-30', today)).toBe(1);
    expect(evaluate({ attr: 'foundedOn', op: 'yearsAtLeast', value: 2 }, { foundedOn: '2024-11-30' }, today).verdict).toBe('ineligible');
  });
});
