import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentDetailSchema,
  contentIdSchema,
  contentListQuerySchema,
  contentOfflineSchema,
  contentPageSchema,
  contentRejectSchema,
  contentReviewSchema,
  CONTENT_KINDS,
  noticeSaveSchema,
  policySaveSchema,
  type ContentKind,
} from '#contract/publishing.ts';
import { envelopeSchema, idReply, idQuerySchema } from '#contract/envelope.ts';
import { uploadResultSchema } from '#contract/files.ts';
import { noticeSchema } from '#contract/notice.ts';
import { policySchema } from '#contract/policy.ts';
import type { Permission } from '#contract/permissions.ts';
import { z } from '#contract/zod.ts';
import { badRequest } from '#server/platform/http/errors.ts';
import { queueNextRoute } from '#server/platform/http/queue-next.ts';
import { ok } from '#server/platform/http/reply.ts';

const PERMISSIONS: Record<ContentKind, { edit: Permission; publish: Permission }> = {
  notice: { edit: 'content:notice:edit', publish: 'content:notice:publish' },
  policy: { edit: 'content:policy:edit', publish: 'content:policy:publish' },
};

/** Whoever edits public content may upload its attachments and images. */
const CONTENT_EDITORS: Permission[] = [
  'content:notice:edit',
  'content:policy:edit',
  'content:address-book:edit',
  'content:service-item:edit',
  'declare:project:edit',
  'free-declare:project:edit',
];

/** 先审后发 of notices and policies: the calls docs/console.md pins, once per kind. */
export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publishing, files } = app.services;

  for (const kind of Object.keys(CONTENT_KINDS) as ContentKind[]) {
    const service = publishing[kind];
    const { edit, publish } = PERMISSIONS[kind];
    const label = CONTENT_KINDS[kind].label;
    const tags = [`管理后台 · ${label}`];
    const base = `/console/api/${kind}`;
    const saveSchema = kind === 'notice' ? noticeSaveSchema : policySaveSchema;

    app.post(`${base}/pages`, { schema: { tags, summary: `${label}列表（各状态）`, body: contentListQuerySchema, response: { 200: envelopeSchema(contentPageSchema) } }, config: { permission: [edit, publish], audit: false } }, async (request) =>
      ok(await service.list(request.body)),
    );
    queueNextRoute(app, {
      path: `${base}/next`,
      tags,
      summary: `下一条：同一列表（同样的筛选与排序）中该${label}之后的一条`,
      query: contentListQuerySchema,
      permission: [edit, publish],
      next: (_request, q, id, at) => service.next(q, id, at),
    });
    app.get(`${base}/detail`, { schema: { tags, summary: `${label}详情（编辑与审核用）`, querystring: idQuerySchema, response: { 200: envelopeSchema(contentDetailSchema) } }, config: { permission: [edit, publish] } }, async (request) =>
      ok(await service.detail(request.staff!, request.query.id)),
    );
    app.get(
      `${base}/preview`,
      { schema: { tags, summary: `预览${label}（与门户详情页一致）`, querystring: idQuerySchema, response: { 200: envelopeSchema(kind === 'notice' ? noticeSchema : policySchema) } }, config: { permission: [edit, publish] } },
      async (request) => ok(await service.preview(request.query.id)),
    );
    app.get(
      `${base}/review`,
      {
        schema: { tags, summary: `审核${label}：与门户一致的成稿，以及上次发布的版本（用于对比修改）`, querystring: idQuerySchema, response: { 200: envelopeSchema(contentReviewSchema(kind === 'notice' ? noticeSchema : policySchema)) } },
        config: { permission: [edit, publish] },
      },
      async (request) => ok(await service.review(request.query.id)),
    );
    app.post(`${base}/save`, { schema: { tags, summary: `保存${label}草稿（新建或修改草稿、已下线的内容）`, body: saveSchema, response: idReply }, config: { permission: edit } }, async (request) =>
      ok(await service.save(request.staff!, request.body), '草稿已保存'),
    );
    app.post(`${base}/submit`, { schema: { tags, summary: `提交${label}审核`, body: contentIdSchema, response: idReply }, config: { permission: edit } }, async (request) =>
      ok(await service.submit(request.staff!, request.body.id), '已提交审核'),
    );
    app.post(
      `${base}/publish`,
      { schema: { tags, summary: `审核通过并发布${label}（到定时发布时间才公开；不能发布自己起草的）`, body: contentIdSchema, response: { 200: envelopeSchema(z.object({ id: z.number(), publishAt: z.string() })) } }, config: { permission: publish } },
      async (request) => {
        const result = await service.publish(request.staff!, request.body.id);
        return ok(result, result.publishAt > new Date().toISOString() ? '已审核通过，将在定时发布时间公开' : '已发布');
      },
    );
    app.post(`${base}/reject`, { schema: { tags, summary: `退回${label}修改（须写明理由）`, body: contentRejectSchema, response: idReply }, config: { permission: publish } }, async (request) =>
      ok(await service.reject(request.staff!, request.body.id, request.body.reason), '已退回修改'),
    );
    app.post(`${base}/offline`, { schema: { tags, summary: `下线${label}（须写明理由）`, body: contentOfflineSchema, response: idReply }, config: { permission: publish } }, async (request) =>
      ok(await service.offline(request.staff!, request.body.id, request.body.reason), '已下线'),
    );
  }

  // Scoped to this plugin: only the upload call accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 10, parts: 20 } });
  app.post(
    '/console/api/files/upload',
    {
      schema: { tags: ['管理后台 · 文件'], summary: '上传公开内容的附件或图片（multipart 字段 file）', consumes: ['multipart/form-data'], response: { 200: envelopeSchema(uploadResultSchema) } },
      config: { permission: CONTENT_EDITORS, audit: { action: 'files.upload', objectType: 'file' } },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请以表单文件方式上传（multipart/form-data，字段名 file）');
      const part = await request.file();
      if (!part) throw badRequest('请选择要上传的文件');
      return ok(await files.uploadForContent(request.staff!, { filename: part.filename, file: part.file }));
    },
  );
};
