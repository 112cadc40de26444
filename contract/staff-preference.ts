import { z } from './zod.ts';

/**
 * Each staff member's table settings (docs/console.md "Tables"): 密度 and which columns a list
 * shows, kept on the server per person and list so that they follow the person to another
 * computer. The columns a person may hide are listed here per list; a list's first column (what
 * the row is) and its 操作 always show.
 */
export const TABLE_DENSITIES = { large: '宽松', medium: '默认', small: '紧凑' } as const;
export type TableDensity = keyof typeof TABLE_DENSITIES;
const DENSITY_KEYS = Object.keys(TABLE_DENSITIES) as [TableDensity, ...TableDensity[]];

export const CONSOLE_TABLE_COLUMNS = {
  appeal: ['id', 'status', 'department', 'dueAt', 'createdAt'],
  declare: ['id', 'amountApplied', 'amountApproved', 'status', 'reviewDueAt', 'submittedAt'],
  notice: ['status', 'publishAt', 'updatedAt'],
  policy: ['status', 'publishAt', 'updatedAt'],
  freeDeclareRows: ['project', 'amount', 'status', 'bank', 'paidAt'],
  staff: ['loginName', 'phone', 'department', 'roles', 'status', 'lastLoginAt'],
  audit: ['person', 'action', 'object', 'result', 'ip', 'detail'],
} as const satisfies Record<string, readonly string[]>;
export type ConsoleTable = keyof typeof CONSOLE_TABLE_COLUMNS;
export type ConsoleTableColumn<T extends ConsoleTable> = (typeof CONSOLE_TABLE_COLUMNS)[T][number];
const TABLE_KEYS = Object.keys(CONSOLE_TABLE_COLUMNS) as [ConsoleTable, ...ConsoleTable[]];

export const tablePreferenceSchema = z.object({
  density: z.enum(DENSITY_KEYS, { error: '密度只能是宽松、默认或紧凑' }),
  hiddenColumns: z.array(z.string({ error: '列名有误' }).max(40, '列名有误'), { error: '请给出要隐藏的列' }).max(20, '隐藏的列过多'),
});
export type TablePreference = z.infer<typeof tablePreferenceSchema>;

export const DEFAULT_TABLE_PREFERENCE: TablePreference = { density: 'medium', hiddenColumns: [] };

/** Saving one list's settings: only that list's own columns may be hidden. */
export const tablePreferenceSaveSchema = tablePreferenceSchema
  .extend({ table: z.enum(TABLE_KEYS, { error: '没有这个列表，请刷新页面后再试' }) })
  .superRefine((v, ctx) => {
    const known: readonly string[] = CONSOLE_TABLE_COLUMNS[v.table];
    const unknown = v.hiddenColumns.filter((c) => !known.includes(c));
    if (unknown.length) ctx.addIssue({ code: 'custom', path: ['hiddenColumns'], message: `列表中没有这些列：${unknown.join('、')}，请刷新页面后重新设置` });
  });
export type TablePreferenceSave = z.infer<typeof tablePreferenceSaveSchema>;

/** Every list's settings of the person; a list never set is absent (the defaults apply). */
export const staffPreferencesSchema = z.object({ tables: z.record(z.string(), tablePreferenceSchema) });
export type StaffPreferences = z.infer<typeof staffPreferencesSchema>;
