import { describe, expect, it } from 'vitest';
import { ruleProblem, rulesSchema, ruleText, type Rule } from './match-rules.ts';

describe('rules read back as a sentence', () => {
  it('reads the example of the design as the bureau writes it', () => {
    const rule: Rule = {
      all: [
        { attr: 'revenue', op: 'gte', value: 500 },
        { any: [{ attr: 'qualifications', op: 'has', value: 'hnte' }, { attr: 'qualifications', op: 'has', value: 'srdi' }] },
      ],
    };
    expect(ruleText(rule)).toBe('上年度营业收入不低于 500 万元，且具有高新技术企业或专精特新中小企业资质');
  });

  it('names codes, units and years in Chinese', () => {
    expect(ruleText({ attr: 'industry', op: 'in', value: ['C', 'F'] })).toBe('所属行业为制造业或批发和零售业');
    expect(ruleText({ attr: 'industry', op: 'notIn', value: ['K', 'J'] })).toBe('所属行业不是房地产业、金融业');
    expect(ruleText({ attr: 'scale', op: 'eq', value: 'small' })).toBe('企业规模为小型');
    expect(ruleText({ attr: 'employees', op: 'lte', value: 300 })).toBe('从业人员不多于 300 人');
    expect(ruleText({ attr: 'employees', op: 'gte', value: 10 })).toBe('从业人员不少于 10 人');
    expect(ruleText({ attr: 'rdRatio', op: 'gte', value: 3 })).toBe('上年度研发投入占营业收入比例不低于 3%');
    expect(ruleText({ attr: 'importExport', op: 'gte', value: 100 })).toBe('上年度进出口额不低于 100 万美元');
    expect(ruleText({ attr: 'foundedOn', op: 'yearsAtLeast', value: 2 })).toBe('成立满 2 年');
    expect(ruleText({ attr: 'qualifications', op: 'has', value: 'bonded-repair' })).toBe('具有保税维修业务资质');
    expect(ruleText({ not: { attr: 'qualifications', op: 'has', value: 'aeo' } })).toBe('不具有海关 AEO 高级认证资质');
  });

  it('brackets a mixed group inside another so 且 and 或 cannot be misread', () => {
    const rule: Rule = {
      any: [
        { all: [{ attr: 'scale', op: 'in', value: ['small', 'micro'] }, { attr: 'employees', op: 'gte', value: 5 }] },
        { attr: 'qualifications', op: 'has', value: 'little-giant' },
      ],
    };
    expect(ruleText(rule)).toBe('（企业规模为小型或微型，且从业人员不少于 5 人），或具有专精特新“小巨人”资质');
  });
});

describe('rules are checked against the attributes', () => {
  it('accepts a well-formed tree and none at all', () => {
    expect(ruleProblem({ all: [{ attr: 'revenue', op: 'gte', value: 500 }, { not: { attr: 'industry', op: 'eq', value: 'K' } }] })).toBeNull();
    expect(rulesSchema.safeParse(null).success).toBe(true);
  });

  it('refuses an unknown attribute, an operator that does not fit, a bad value, in a sentence', () => {
    expect(ruleProblem({ attr: 'profit', op: 'gte', value: 1 })).toMatch(/^条件中的企业属性“profit”不存在/);
    expect(ruleProblem({ attr: 'revenue', op: 'has', value: 'hnte' })).toBe('“上年度营业收入”不能用“具有”比较，可用：不低于、不高于');
    expect(ruleProblem({ attr: 'industry', op: 'gte', value: 3 })).toMatch(/^“所属行业”不能用“不低于”比较/);
    expect(ruleProblem({ attr: 'industry', op: 'eq', value: 'Z' })).toMatch(/^“所属行业”的取值须为以下之一：农、林、牧、渔业/);
    expect(ruleProblem({ attr: 'rdRatio', op: 'gte', value: 120 })).toBe('“上年度研发投入占营业收入比例”的比较值不能超过 100');
    expect(ruleProblem({ attr: 'employees', op: 'gte', value: 2.5 })).toBe('“从业人员”的比较值须为整数');
    expect(ruleProblem({ all: [] })).toBe('“同时满足”的条件组至少要有一个条件');
    expect(ruleProblem({ all: [{ attr: 'revenue', op: 'gte' }] })).toMatch(/^条件格式有误/);
    expect(ruleProblem('revenue >= 500')).toMatch(/^条件格式有误/);
    const deep = { not: { not: { not: { not: { attr: 'revenue', op: 'gte', value: 1 } } } } };
    expect(ruleProblem(deep)).toBe('条件最多嵌套 4 层');
    const parsed = rulesSchema.safeParse({ attr: 'revenue', op: 'eq', value: 1 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('“上年度营业收入”不能用“等于”比较，可用：不低于、不高于');
  });
});
