import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { downloadQuerySchema, sizeText, templateQuerySchema, uploadResultSchema } from '#contract/files.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { badRequest } from '#server/platform/http/errors.ts';
import { ok } from '#server/platform/http/reply.ts';
import type { Permission } from '#contract/permissions.ts';
import { CONSOLE_FILES_COOKIE } from '#server/modules/console-auth/console-cookies.ts';
import { cleanFileName, tooLarge, type Download } from './files.service.ts';

/** RFC 6266 / 5987: an ASCII fallback for old clients and the exact UTF-8 name in `filename*`. */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** What a browser shows by itself (PDF and images) opens in the tab; anything else downloads. */
export const VIEWABLE_MIME = /^(application\/pdf|image\/(png|jpeg))$/;

export function sendDownload(reply: FastifyReply, file: Download, name: string, type: 'attachment' | 'inline' = 'attachment') {
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(name, type))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.isPublic ? 'public, max-age=3600' : 'private, no-store')
    .send(file.stream);
}

/** Staff who write or publish content: they see its files in the console before they are public. */
const CONTENT_FILE_READERS: readonly Permission[] = [
  'content:notice:edit',
  'content:notice:publish',
  'content:policy:edit',
  'content:policy:publish',
  'declare:project:edit',
  'free-declare:project:edit',
];

/**
 * The name a download is saved under: the one asked for (a page shows its own name for a file),
 * but always with the stored file's extension, so that a link cannot make a PDF save as `.html`
 * or `.exe`.
 */
export function servedName(asked: string | undefined, stored: string): string {
  if (!asked) return stored;
  const name = cleanFileName(asked);
  const ext = path.extname(stored).toLowerCase();
  return path.extname(name).toLowerCase() === ext ? name : `${name}${ext}`;
}

/** Multipart bodies carry a little framing around the file; anything declared beyond this is refused unread. */
export const FRAMING_ALLOWANCE = 64 * 1024;

/** 文件上传与下载 (docs/domain.md "Files"). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { files, consoleAuth } = app.services;
  const maxBytes = app.config.uploadMaxBytes;
  const tags = ['文件'];
  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });

  app.post(
    '/uaa/api/upload/file',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: '上传文件（multipart 字段 file）',
        description: `允许 PDF、Word、Excel、JPG、PNG、ZIP、OFD，按文件内容识别类型；单个文件不超过 ${sizeText(maxBytes)}。`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(uploadResultSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (Number(request.headers['content-length']) > maxBytes + FRAMING_ALLOWANCE) throw tooLarge(maxBytes);
      if (!request.isMultipart()) throw badRequest('请以表单文件方式上传（multipart/form-data，字段名 file）');
      const part = await request.file();
      if (!part) throw badRequest('请选择要上传的文件');
      return ok(await files.upload(user, { filename: part.filename, file: part.file }));
    },
  );

  app.get(
    '/uaa/api/download/file',
    { schema: { tags, summary: '下载文件（公开附件或本企业上传的文件）', querystring: downloadQuerySchema } },
    async (request, reply) => {
      const staffToken = request.cookies[CONSOLE_FILES_COOKIE];
      const staff = staffToken ? await consoleAuth.authenticate(staffToken) : null;
      const file =
        staff && staff.actor.permissions.some((p) => CONTENT_FILE_READERS.includes(p))
          ? await files.openForStaff(request.user, request.query.filePath)
          : await files.open(request.user, request.query.filePath);
      return sendDownload(reply, file, servedName(request.query.fileName, file.name));
    },
  );

  app.get(
    '/uaa/api/download/template',
    { schema: { tags, summary: '下载申报材料模板', querystring: templateQuerySchema } },
    async (request, reply) => {
      const file = await files.template(request.query.type);
      return sendDownload(reply, file, file.name);
    },
  );
};
