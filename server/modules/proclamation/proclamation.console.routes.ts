import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffFileQuerySchema } from '#contract/declare-ent.console.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { bodyIdSchema } from '#contract/evaluation.ts';
import type { Permission } from '#contract/permissions.ts';
import { recordIdSchema } from '#contract/console-list.ts';
import {
  answerObjectionSchema,
  consoleProclamationDetailSchema,
  consoleProclamationPageSchema,
  consoleProclamationQuerySchema,
  generateProclamationSchema,
  objectionPageSchema,
  objectionQuerySchema,
  revokeProclamationSchema,
} from '#contract/proclamation.console.ts';
import { z } from '#contract/zod.ts';
import { queueNextRoute } from '#server/platform/http/queue-next.ts';
import { ok } from '#server/platform/http/reply.ts';
import { sendDownload, VIEWABLE_MIME } from '../files/files.routes.ts';

const EDIT: Permission = 'declare:proclamation:edit';

/** 公示与异议 in the staff console (docs/console.md "公示"). The console's hook audits every write. */
export const proclamationConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { proclamationConsole: service } = app.services;
  const tags = ['管理后台 · 公示与异议'];
  const nothing = { 200: envelopeSchema(z.null()) };
  const audit = (action: string, objectType = 'proclamation') => ({ action: `proclamation.${action}`, objectType });

  app.post(
    '/console/api/proclamation/pages',
    { schema: { tags, summary: '公示列表（按项目、状态）', body: consoleProclamationQuerySchema, response: { 200: envelopeSchema(consoleProclamationPageSchema) } }, config: { permission: EDIT, audit: false } },
    async (request) => ok(await service.list(request.body)),
  );
  queueNextRoute(app, {
    path: '/console/api/proclamation/next',
    tags,
    summary: '下一条：同一列表（同样的筛选）中该公示之后的一条',
    query: consoleProclamationQuerySchema,
    permission: EDIT,
    next: (_request, q, id, at) => service.next(q, id, at),
  });
  app.get(
    '/console/api/proclamation/detail',
    { schema: { tags, summary: '公示详情（名单、异议、可做的操作）', querystring: z.object({ id: bodyIdSchema }), response: { 200: envelopeSchema(consoleProclamationDetailSchema) } }, config: { permission: EDIT } },
    async (request) => ok(await service.detail(request.query.id)),
  );
  app.post(
    '/console/api/proclamation/generate',
    { schema: { tags, summary: '由项目审核通过的申报生成公示草稿', body: generateProclamationSchema, response: { 200: envelopeSchema(z.object({ id: z.number().int() })) } }, config: { permission: EDIT, audit: audit('generate') } },
    async (request) => ok(await service.generate(request.body), '公示草稿已生成'),
  );
  app.post(
    '/console/api/proclamation/publish',
    { schema: { tags, summary: '发布公示（异议期 5 个工作日）', body: recordIdSchema, response: nothing }, config: { permission: EDIT, audit: audit('publish') } },
    async (request) => {
      await service.publish(request.body.id);
      return ok(null, '公示已发布');
    },
  );
  app.post(
    '/console/api/proclamation/conclude',
    { schema: { tags, summary: '结束公示（异议期满且异议全部答复）', body: recordIdSchema, response: nothing }, config: { permission: EDIT, audit: audit('conclude') } },
    async (request) => {
      await service.conclude(request.body.id);
      return ok(null, '公示已结束');
    },
  );
  app.post(
    '/console/api/proclamation/revoke',
    { schema: { tags, summary: '撤销公示（填写原因）', body: revokeProclamationSchema, response: nothing }, config: { permission: EDIT, audit: audit('revoke') } },
    async (request) => {
      await service.revoke(request.body);
      return ok(null, '公示已撤销');
    },
  );
  app.post(
    '/console/api/proclamation/objection/pages',
    { schema: { tags, summary: '异议列表（待答复在前，含超期标记）', body: objectionQuerySchema, response: { 200: envelopeSchema(objectionPageSchema) } }, config: { permission: EDIT, audit: false } },
    async (request) => ok(await service.objections(request.body)),
  );
  app.post(
    '/console/api/proclamation/objection/answer',
    { schema: { tags, summary: '答复异议（成立或不成立）', body: answerObjectionSchema, response: nothing }, config: { permission: EDIT, audit: audit('objection.answer', 'proclamation_objection') } },
    async (request) => {
      await service.answer(request.staff!, request.body);
      return ok(null, '答复已发送给异议人');
    },
  );
  app.get(
    '/console/api/proclamation/objection/file',
    { schema: { tags, summary: '查看异议附件（PDF、图片在浏览器中打开）', querystring: staffFileQuerySchema }, config: { permission: EDIT } },
    async (request, reply) => {
      const file = await service.objectionFile(request.query.id, request.query.path);
      return sendDownload(reply, file, file.name, VIEWABLE_MIME.test(file.mime) ? 'inline' : 'attachment');
    },
  );
};
