import { z } from './zod.ts';

/**
 * Files (docs/domain.md "Files"): uploads return `{ name, path }` where `path` is an opaque storage key.
 * The allowed kinds are checked by content on the server; the client checks the extension and size
 * before sending, from the same list.
 */
export const UPLOAD_KINDS = [
  { ext: 'pdf', mime: 'application/pdf' },
  { ext: 'doc', mime: 'application/msword' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'xls', mime: 'application/vnd.ms-excel' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'jpeg', mime: 'image/jpeg' },
  { ext: 'png', mime: 'image/png' },
  { ext: 'zip', mime: 'application/zip' },
  { ext: 'ofd', mime: 'application/ofd' },
] as const;

export type UploadExt = (typeof UPLOAD_KINDS)[number]['ext'];

/** For `<input accept>` and antd Upload. */
export const UPLOAD_ACCEPT = UPLOAD_KINDS.map((k) => `.${k.ext}`).join(',');
export const UPLOAD_TYPES_TEXT = 'PDF、Word、Excel、JPG、PNG、ZIP、OFD';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export const isAllowedExtension = (fileName: string) => UPLOAD_KINDS.some((k) => k.ext === extensionOf(fileName));

/** '20 MB', or '10 KB' below a megabyte. */
export function sizeText(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
export const uploadTooLargeMessage = (maxBytes: number) => `文件不能超过 ${sizeText(maxBytes)}，请压缩后重新上传`;
export const UPLOAD_TYPE_MESSAGE = `不支持的文件类型，请上传 ${UPLOAD_TYPES_TEXT} 文件`;

export const uploadResultSchema = z.object({ name: z.string(), path: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const downloadQuerySchema = z.object({
  filePath: z.string({ error: '缺少文件标识' }).max(300, '文件标识过长'),
  fileName: z.string().max(200, '文件名不能超过 200 个字').optional(),
});

/**
 * The fixed template set shipped with the product (assets/templates). Project materials name one
 * by `templateType`; the page links it to `uaa/api/download/template?type=`.
 */
export const TEMPLATES = [
  { type: 'declaration', name: '申报书模板.docx' },
  { type: 'commitment', name: '承诺书模板.docx' },
  { type: 'financial', name: '财务报表模板.xlsx' },
] as const;
export type TemplateType = (typeof TEMPLATES)[number]['type'];
export const TEMPLATE_TYPES = TEMPLATES.map((t) => t.type) as [TemplateType, ...TemplateType[]];
export const templateName = (type: string) => TEMPLATES.find((t) => t.type === type)?.name ?? null;

export const templateQuerySchema = z.object({ type: z.string({ error: '请指定模板类型' }).max(50) });

/** Where the page sends the browser to download a template or a stored file. */
export const templateUrl = (type: string) => `/uaa/api/download/template?type=${encodeURIComponent(type)}`;
export const downloadUrl = (file: { name: string; path: string }) =>
  `/uaa/api/download/file?filePath=${encodeURIComponent(file.path)}&fileName=${encodeURIComponent(file.name)}`;

/**
 * Where a material's template downloads from: a file staff uploaded for the project (`template`),
 * else one of the shipped templates (`templateType`); null when it has none.
 */
export function templateLinkOf(m: { templateType: string | null; template?: { name: string; path: string } | null }): { name: string; href: string } | null {
  if (m.template) return { name: m.template.name, href: downloadUrl(m.template) };
  const name = m.templateType ? templateName(m.templateType) : null;
  return name && m.templateType ? { name, href: templateUrl(m.templateType) } : null;
}
