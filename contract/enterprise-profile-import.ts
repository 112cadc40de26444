import { z } from './zod.ts';
import { refusedCell, refusedRowsRequestSchema } from './sheet-import.ts';
import { ATTRIBUTE_CODES, attributeFieldLabel, type AttributeCode } from './enterprise-profile.ts';

/**
 * 一企一档 from a department's data (docs/matching.md "Verified data"): staff upload a spreadsheet
 * of 统一社会信用代码, any attribute columns and 数据来源, read the checked rows and what would
 * change, then commit; the values are stored as `verified`, with the department.
 */

/** Other headers departments' sheets use for each attribute; the template uses the profile's own names. */
const ATTRIBUTE_ALIASES: Record<AttributeCode, string[]> = {
  industry: ['行业', '行业门类', '国民经济行业分类'],
  scale: ['规模', '企业规模类型'],
  foundedOn: ['成立时间', '注册日期', '成立日期（年-月-日）'],
  employees: ['从业人员', '从业人数', '从业人数（人）', '职工人数', '员工人数'],
  revenue: ['营业收入', '营业收入（万元）', '上年度营业收入'],
  rdRatio: ['研发投入占比', '研发投入占比（%）', '研发投入占营业收入比例', '上年度研发投入占营业收入比例'],
  importExport: ['进出口额', '进出口额（万美元）', '上年度进出口额'],
  qualifications: ['企业资质', '资质认定'],
};

/** The columns of a verified-data file, in the template's order. */
export const PROFILE_IMPORT_COLUMNS = [
  { key: 'uscc', label: '统一社会信用代码', required: true, aliases: ['信用代码', '社会信用代码', 'uscc'] },
  { key: 'enterpriseName', label: '企业名称', required: false, aliases: ['单位名称', '名称'] },
  ...ATTRIBUTE_CODES.map((code) => ({ key: code, label: attributeFieldLabel(code), required: false, aliases: [ATTRIBUTE_ALIASES[code], code].flat() })),
  { key: 'department', label: '数据来源', required: true, aliases: ['来源', '数据来源部门', '核实部门', '提供部门'] },
] as const satisfies readonly { key: string; label: string; required: boolean; aliases: readonly string[] }[];
export type ProfileImportColumn = (typeof PROFILE_IMPORT_COLUMNS)[number]['key'];

/** At most this many data lines per file, as for a 免申即享 list. */
export const PROFILE_IMPORT_MAX_ROWS = 50_000;

/** The raw cells of a row's attribute columns, by attribute code: what the file said. */
const cellsSchema = z.partialRecord(z.enum(ATTRIBUTE_CODES), z.string().max(1000));

export const profileImportChangeSchema = z.object({
  attr: z.enum(ATTRIBUTE_CODES),
  label: z.string(),
  /** What counts now, as a person reads it, with its source (企业自报 or <部门>核实); null when unknown. */
  before: z.string().nullable(),
  after: z.string(),
});
export type ProfileImportChange = z.infer<typeof profileImportChangeSchema>;

export const profileImportRowSchema = z.object({
  line: z.number().int(),
  uscc: z.string(),
  /** The registered name when the enterprise is known, else the file's. */
  enterpriseName: z.string(),
  department: z.string(),
  cells: cellsSchema,
  /** The verified values the commit writes (empty when the row has problems or changes nothing). */
  changes: z.array(profileImportChangeSchema),
  /** Why the row cannot be imported; empty for a good row. */
  errors: z.array(z.string()),
  /** Every value is already verified as the file says, by the same department: skipped. */
  unchanged: z.boolean(),
});
export type ProfileImportRow = z.infer<typeof profileImportRowSchema>;

export const profileImportPreviewSchema = z.object({
  batchId: z.number().int(),
  fileName: z.string(),
  total: z.number().int(),
  /** Rows the commit writes, and the values in them. */
  valid: z.number().int(),
  values: z.number().int(),
  invalid: z.number().int(),
  unchanged: z.number().int(),
  rows: z.array(profileImportRowSchema),
});
export type ProfileImportPreview = z.infer<typeof profileImportPreviewSchema>;

/** The refused rows, sent back to be written as .xlsx with a 问题 column. */
export const profileImportErrorsRequestSchema = refusedRowsRequestSchema({ uscc: refusedCell(100), enterpriseName: refusedCell(200), department: refusedCell(200), cells: cellsSchema }, 2000);
export type ProfileImportErrorsRequest = z.output<typeof profileImportErrorsRequestSchema>;

export const profileImportResultSchema = z.object({ enterprises: z.number().int(), values: z.number().int() });
export type ProfileImportResult = z.infer<typeof profileImportResultSchema>;
