import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  projectIdQuerySchema,
  reviewDetailSchema,
  reviewInputSchema,
  reviewPageSchema,
  reviewProjectSchema,
  reviewQuerySchema,
  staffFileQuerySchema,
} from '#contract/declare-ent.console.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { bodyIdSchema } from '#contract/evaluation.ts';
import type { Permission } from '#contract/permissions.ts';
import { z } from '#contract/zod.ts';
import { queueNextRoute } from '#server/platform/http/queue-next.ts';
import { ok } from '#server/platform/http/reply.ts';
import { contentDisposition, sendDownload, VIEWABLE_MIME } from '../files/files.routes.ts';

const REVIEW: Permission = 'declare:review';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 申报审核 in the staff console (docs/console.md "Declaration review"). The console's hook audits every write and the export. */
export const declareEntConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { declareEntConsole } = app.services;
  const tags = ['管理后台 · 申报审核'];

  app.get(
    '/console/api/declare-ent/projects',
    { schema: { tags, summary: '申报项目及待审核数量', response: { 200: envelopeSchema(z.array(reviewProjectSchema)) } }, config: { permission: REVIEW } },
    async () => ok(await declareEntConsole.projects()),
  );
  app.post(
    '/console/api/declare-ent/pages',
    { schema: { tags, summary: '申报审核队列（按项目、状态、超期、临期、企业）', body: reviewQuerySchema, response: { 200: envelopeSchema(reviewPageSchema) } }, config: { permission: REVIEW, audit: false } },
    async (request) => ok(await declareEntConsole.list(request.body)),
  );
  queueNextRoute(app, {
    path: '/console/api/declare-ent/next',
    tags,
    summary: '下一条：同一审核队列（同样的筛选与排序）中该申报之后的一件',
    query: reviewQuerySchema,
    permission: REVIEW,
    next: (_request, q, id, at) => declareEntConsole.next(q, id, at),
  });
  app.get(
    '/console/api/declare-ent/detail',
    { schema: { tags, summary: '申报详情（材料、全部办理记录、短信）', querystring: z.object({ id: bodyIdSchema }), response: { 200: envelopeSchema(reviewDetailSchema) } }, config: { permission: REVIEW } },
    async (request) => ok(await declareEntConsole.detail(request.staff!, request.query.id)),
  );
  app.post(
    '/console/api/declare-ent/review',
    { schema: { tags, summary: '审核申报：通过（核定金额）、退回修改或不予通过', body: reviewInputSchema, response: { 200: envelopeSchema(z.null()) } }, config: { permission: REVIEW, audit: { action: 'declare-ent.review', objectType: 'declare_ent' } } },
    async (request) => {
      await declareEntConsole.review(request.staff!, request.body);
      return ok(null, '审核结果已保存，并已通知企业');
    },
  );
  app.get(
    '/console/api/declare-ent/file',
    { schema: { tags, summary: '查看申报材料（PDF、图片在浏览器中打开，其他下载）', querystring: staffFileQuerySchema }, config: { permission: REVIEW } },
    async (request, reply) => {
      const file = await declareEntConsole.materialFile(request.query.id, request.query.path);
      return sendDownload(reply, file, file.name, VIEWABLE_MIME.test(file.mime) ? 'inline' : 'attachment');
    },
  );
  app.get(
    '/console/api/declare-ent/export',
    { schema: { tags, summary: '导出项目的申报（XLSX）', querystring: projectIdQuerySchema }, config: { permission: REVIEW, audit: { action: 'declare-ent.export', objectType: 'declare_project' } } },
    async (request, reply) => {
      const { name, body, rows } = await declareEntConsole.exportXlsx(request.query.projectId);
      return reply.type(XLSX).header('content-disposition', contentDisposition(name)).header('x-export-rows', String(rows)).send(body);
    },
  );
};
