import { z } from './zod.ts';
import { isCalendarDay } from './validators.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';

/**
 * 一企一档: the attributes of an enterprise that projects' rules test (docs/domain.md "Enterprise
 * profile"). Each value has a source: `self` (declared by the enterprise on /user/profile) or
 * `verified` (staff, from a department's data); a verified value wins over a self-declared one.
 */

/** GB/T 4754-2017 国民经济行业分类, its 门类. */
export const INDUSTRIES = {
  A: '农、林、牧、渔业',
  B: '采矿业',
  C: '制造业',
  D: '电力、热力、燃气及水生产和供应业',
  E: '建筑业',
  F: '批发和零售业',
  G: '交通运输、仓储和邮政业',
  H: '住宿和餐饮业',
  I: '信息传输、软件和信息技术服务业',
  J: '金融业',
  K: '房地产业',
  L: '租赁和商务服务业',
  M: '科学研究和技术服务业',
  N: '水利、环境和公共设施管理业',
  O: '居民服务、修理和其他服务业',
  P: '教育',
  Q: '卫生和社会工作',
  R: '文化、体育和娱乐业',
  S: '公共管理、社会保障和社会组织',
  T: '国际组织',
} as const;
export type Industry = keyof typeof INDUSTRIES;

/** 统计上大中小微型企业划分办法. */
export const SCALES = { large: '大型', medium: '中型', small: '小型', micro: '微型' } as const;
export type Scale = keyof typeof SCALES;

export const QUALIFICATIONS = {
  hnte: '高新技术企业',
  'tech-sme': '科技型中小企业',
  srdi: '专精特新中小企业',
  'little-giant': '专精特新“小巨人”',
  aeo: '海关 AEO 高级认证',
  'bonded-repair': '保税维修业务资质',
  'general-taxpayer': '增值税一般纳税人',
} as const;
export type Qualification = keyof typeof QUALIFICATIONS;

const keys = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
export const INDUSTRY_CODES = keys(INDUSTRIES);
export const SCALE_CODES = keys(SCALES);
export const QUALIFICATION_CODES = keys(QUALIFICATIONS);

export type AttributeType = 'code' | 'date' | 'integer' | 'number' | 'set';

export interface AttributeSpec {
  /** What the profile form and the sentences call it. */
  label: string;
  type: AttributeType;
  /** The unit a number is read in (万元, 人 …), written after the figure. */
  unit?: string;
  /** code and set: the allowed codes and their names. */
  options?: Readonly<Record<string, string>>;
  /** number: the largest value that makes sense. */
  max?: number;
}

export const ATTRIBUTES = {
  industry: { label: '所属行业', type: 'code', options: INDUSTRIES },
  scale: { label: '企业规模', type: 'code', options: SCALES },
  foundedOn: { label: '成立日期', type: 'date' },
  employees: { label: '从业人员', type: 'integer', unit: '人', max: 10_000_000 },
  revenue: { label: '上年度营业收入', type: 'number', unit: '万元', max: 100_000_000 },
  rdRatio: { label: '上年度研发投入占营业收入比例', type: 'number', unit: '%', max: 100 },
  importExport: { label: '上年度进出口额', type: 'number', unit: '万美元', max: 100_000_000 },
  qualifications: { label: '资质', type: 'set', options: QUALIFICATIONS },
} as const satisfies Record<string, AttributeSpec>;
export type AttributeCode = keyof typeof ATTRIBUTES;
export const ATTRIBUTE_CODES = keys(ATTRIBUTES);

export const isAttributeCode = (code: unknown): code is AttributeCode => typeof code === 'string' && Object.hasOwn(ATTRIBUTES, code);

/** An attribute's name with its unit, as a form label: 上年度营业收入（万元）. */
export const attributeFieldLabel = (code: AttributeCode) => {
  const spec: AttributeSpec = ATTRIBUTES[code];
  return spec.unit ? `${spec.label}（${spec.unit}）` : spec.label;
};

/** The values of a profile, as the evaluator reads them: a missing key is an unknown value. */
export interface AttributeValues {
  industry?: Industry;
  scale?: Scale;
  foundedOn?: string;
  employees?: number;
  revenue?: number;
  rdRatio?: number;
  importExport?: number;
  qualifications?: Qualification[];
}

// ---- validation (the same schema for the form, the profile call and the calculator) ----------------

/** The calendar day in Beijing: how founding dates and 成立满 N 年 are counted. */
export const beijingToday = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** A figure as forms send it: '' is no answer. */
const figure = (code: 'employees' | 'revenue' | 'rdRatio' | 'importExport') => {
  const spec: AttributeSpec = ATTRIBUTES[code];
  const name = attributeFieldLabel(code);
  let n = z.number({ error: `${name}请填写数字` }).min(0, `${name}不能为负数`).max(spec.max!, `${name}不能超过 ${spec.max}`);
  if (spec.type === 'integer') n = n.int(`${name}请填写整数`);
  return z.preprocess((v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), n.nullable());
};

/**
 * Every attribute of a profile, each optional: left out keeps the value (profile) or is unknown
 * (calculator); `null` clears it. Qualifications are a set: `[]` says the enterprise holds none.
 */
export const attributesInputSchema = z.object({
  industry: z.preprocess((v) => (v === '' ? null : v), z.enum(INDUSTRY_CODES, { error: '所属行业请按国民经济行业分类门类选择' }).nullable()).optional(),
  scale: z.preprocess((v) => (v === '' ? null : v), z.enum(SCALE_CODES, { error: '企业规模只能是大型、中型、小型或微型' }).nullable()).optional(),
  foundedOn: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string({ error: '成立日期应为 年-月-日，如 2018-06-01' })
        .trim()
        .refine(isCalendarDay, '成立日期应为 年-月-日，如 2018-06-01')
        .refine((d) => d <= beijingToday(), '成立日期不能晚于今天')
        .refine((d) => d >= '1949-10-01', '成立日期不能早于 1949-10-01')
        .nullable(),
    )
    .optional(),
  employees: figure('employees').optional(),
  revenue: figure('revenue').optional(),
  rdRatio: figure('rdRatio').optional(),
  importExport: figure('importExport').optional(),
  qualifications: z
    .array(z.string(), { error: '资质只能从列出的资质中选择' })
    .max(QUALIFICATION_CODES.length * 2, '资质只能从列出的资质中选择')
    // One message on the field, not on an element: the form shows it under the checkboxes.
    .refine((list) => list.every((c) => Object.hasOwn(QUALIFICATIONS, c)), '资质只能从列出的资质中选择')
    .transform((list) => [...new Set(list)] as Qualification[])
    .nullable()
    .optional(),
});
export type AttributesInput = z.output<typeof attributesInputSchema>;
export type AttributesInputRequest = z.input<typeof attributesInputSchema>;

/** POST /api/enterprise/profile: the self-declared values, and whether to receive pushes by SMS (left out: unchanged). */
export const profileSaveSchema = attributesInputSchema.extend({
  pushSms: z.boolean({ error: '接收政策推送短信请选择开启或关闭' }).optional(),
});
export type ProfileSave = z.output<typeof profileSaveSchema>;

/** The values an input sets (nulls and absences dropped): what the evaluator reads. */
export function attributeValuesOf(input: AttributesInput): AttributeValues {
  const out: Record<string, unknown> = {};
  for (const code of ATTRIBUTE_CODES) {
    const v = input[code];
    if (v !== undefined && v !== null) out[code] = v;
  }
  return out as AttributeValues;
}

// ---- the profile as the enterprise sees it ----------------------------------------------------

export const ATTRIBUTE_SOURCES = { self: '企业自报', verified: '部门核实' } as const;
export type AttributeSource = keyof typeof ATTRIBUTE_SOURCES;

/** Where a value comes from, as the pages say it: 企业自报, or <部门>核实. */
export const sourceLabel = (source: string, department?: string | null): string => (source === 'verified' ? `${department ?? '部门'}核实` : ATTRIBUTE_SOURCES.self);

const attributeValueSchema = z.union([z.string(), z.number(), z.array(z.string())]);

export const profileAttributeSchema = z.object({
  /** The value that counts: the verified one when there is one. */
  value: attributeValueSchema,
  source: z.enum(['self', 'verified']),
  /** The department whose data verified it. */
  department: z.string().optional(),
  updatedAt: z.string(),
  /** What the enterprise declared itself, when it differs from the verified value. */
  selfValue: attributeValueSchema.optional(),
});
export type ProfileAttribute = z.infer<typeof profileAttributeSchema>;

export const profileSchema = z.object({
  attributes: z.partialRecord(z.enum(ATTRIBUTE_CODES), profileAttributeSchema),
});
export type Profile = z.infer<typeof profileSchema>;

/** What the enterprise itself reads and saves on /user/profile: its profile, and the push by SMS. */
export const ownProfileSchema = profileSchema.extend({
  /** 接收政策推送短信: pushes that find the enterprise eligible also go by SMS. */
  pushSms: z.boolean(),
  /** The mobile they go to (the account that switched them on), masked; null while off. */
  pushSmsPhone: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** The values that count in a profile, for the evaluator. */
export const profileValues = (p: Profile): AttributeValues =>
  Object.fromEntries(Object.entries(p.attributes).map(([code, a]) => [code, a!.value])) as AttributeValues;

/** A value as a person reads it: 820 万元, 制造业, 高新技术企业、增值税一般纳税人. */
export function formatAttribute(code: AttributeCode, value: unknown): string {
  const spec: AttributeSpec = ATTRIBUTES[code];
  if (spec.type === 'set') {
    const list = (value as string[]).map((c) => spec.options?.[c] ?? c);
    return list.length ? list.join('、') : '无';
  }
  if (spec.type === 'code') return spec.options?.[value as string] ?? String(value);
  if (spec.type === 'date') return String(value);
  return spec.unit === '%' ? `${value}%` : `${value} ${spec.unit}`;
}

// ---- the console (一企一档 for staff) ------------------------------------------------------------------

/** POST /console/api/enterprise/pages: every enterprise, filtered on the values that count (verified over self-declared). */
export const enterpriseConsoleQuerySchema = pagingSchema.extend({
  keyword: keywordSchema,
  industry: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INDUSTRY_CODES, { error: '所属行业请按门类选择' }).optional()),
  scale: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SCALE_CODES, { error: '企业规模有误' }).optional()),
  qualification: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QUALIFICATION_CODES, { error: '资质有误' }).optional()),
});
export type EnterpriseConsoleQuery = z.output<typeof enterpriseConsoleQuerySchema>;

export const enterpriseConsoleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string(),
  profile: profileSchema,
});
export type EnterpriseConsoleRow = z.infer<typeof enterpriseConsoleRowSchema>;
export const enterpriseConsolePageSchema = pageSchema(enterpriseConsoleRowSchema);
