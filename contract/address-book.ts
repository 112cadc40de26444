import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import { keywordSchema, pageSchema, pagingSchema } from './paging.ts';
import { phoneSchema } from './validators.ts';
import { enabledFilterSchema, sortField } from './console-list.ts';

/** 通讯录. The keyword searches name or post, department and duties. */
export const addressBookQuerySchema = pagingSchema.extend({
  keyword: keywordSchema,
  department: z
    .string()
    .trim()
    .max(50, '部门名称不能超过 50 个字')
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type AddressBookQuery = z.output<typeof addressBookQuerySchema>;

export const addressBookEntrySchema = z.object({
  id: z.number().int(),
  department: z.string(),
  /** A person's name or a post (e.g. 企业服务窗口). */
  name: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  duties: z.string().nullable(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

export const addressBookPageSchema = pageSchema(addressBookEntrySchema);

/** An entry as staff enter it (the console, and the demo seed). */
export const addressBookEntryInputSchema = z.object({
  department: z.string({ error: '请输入部门' }).trim().min(1, '请输入部门').max(50, '部门名称不能超过 50 个字'),
  departmentSort: sortField.default(0),
  name: z.string({ error: '请输入姓名或岗位' }).trim().min(1, '请输入姓名或岗位').max(50, '姓名或岗位不能超过 50 个字'),
  phone: phoneSchema,
  address: z.string().trim().max(200, '地址不能超过 200 个字').nullish(),
  duties: z.string().trim().max(500, '职责说明不能超过 500 个字').nullish(),
  sort: sortField.default(0),
});
export type AddressBookEntryInput = z.input<typeof addressBookEntryInputSchema>;

/** POST /console/api/address-book/save: a new entry without id, a change with it. */
export const addressBookSaveSchema = addressBookEntryInputSchema.extend({
  id: recordId('请选择一条记录').nullish().transform((v) => v ?? null),
});
export type AddressBookSave = z.output<typeof addressBookSaveSchema>;

/** POST /console/api/address-book/pages: the public filters plus 启用/停用. */
export const addressBookConsoleQuerySchema = addressBookQuerySchema.extend({ status: enabledFilterSchema });
export type AddressBookConsoleQuery = z.output<typeof addressBookConsoleQuerySchema>;

export const addressBookConsoleRowSchema = addressBookEntrySchema.extend({
  departmentSort: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AddressBookConsoleRow = z.infer<typeof addressBookConsoleRowSchema>;
export const addressBookConsolePageSchema = pageSchema(addressBookConsoleRowSchema);
