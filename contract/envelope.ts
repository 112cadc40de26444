import { z } from './zod.ts';

/**
 * The response envelope of every JSON call (docs/api.md): `{ code, msg, data }`.
 * `code` 0 is success; for the generic failure classes it equals the HTTP status.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The default sentence for each class, used when a more precise one is not given. */
export const defaultMessages: Record<number, string> = {
  0: '操作成功',
  400: '提交的内容有误，请检查后重试',
  401: '登录已过期，请重新登录',
  403: '对不起，您没有权限访问',
  404: '您访问的内容不存在或已删除',
  409: '当前状态不允许此操作，请刷新后重试',
  413: '文件过大，请压缩后重新上传',
  415: '不支持的文件类型',
  429: '操作过于频繁，请稍后再试',
  500: '服务器内部错误，请稍后访问',
  503: '系统繁忙，请稍后再试',
};

/** Validation failures carry `data.fields`: field name → a Chinese sentence. */
export interface FieldErrors {
  fields: Record<string, string>;
}


/** The envelope as a schema, for response documentation: `ok(schema)`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

/** The reply of a write that answers the record's id, for response documentation: `response: idReply`. */
export const idReply = { 200: envelopeSchema(z.object({ id: z.number() })) };

/** An attachment as the API carries it: a display name and an opaque storage key. */
export const fileRefSchema = z.object({
  name: z.string().trim().min(1, '文件名不能为空').max(200, '文件名不能超过 200 个字'),
  path: z.string().trim().min(1, '文件标识不能为空').max(300, '文件标识过长'),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/** The largest id a record can have: the databases' `integer` columns (PostgreSQL's end here). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id in a request: a whole number from 1 to MAX_RECORD_ID, or such a number written as
 * digits (forms and queries send text), else `message`. Past the bound PostgreSQL refuses the
 * parameter itself, which would be a 500. Nothing else is turned into a number: `true` or `["5"]`
 * would otherwise name record 1 or 5.
 */
export const recordId = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(MAX_RECORD_ID, message));

/** Ids arrive as strings in queries; a malformed one is simply "not found" (docs/api.md). */
export const idQuerySchema = z.object({ id: z.string().max(20) });
