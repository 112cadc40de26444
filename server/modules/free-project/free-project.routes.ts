import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idReply, idQuerySchema } from '#contract/envelope.ts';
import { freeProjectDetailSchema, freeProjectListQuerySchema, freeProjectPageSchema } from '#contract/free-declare.ts';
import { freeProjectConsolePageSchema, freeProjectConsoleQuerySchema, freeProjectIdSchema, freeProjectSaveSchema } from '#contract/free-project.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 免申即享 projects: public; a logged-in enterprise user also sees which ones it is eligible for. */
export const freeProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { freeProject } = app.services;
  const tags = ['免申即享'];

  app.get(
    '/uaa/api/free/declare-project/page',
    { schema: { tags, summary: '免申即享项目列表', querystring: freeProjectListQuerySchema, response: { 200: envelopeSchema(freeProjectPageSchema) } } },
    async (request) => ok(await freeProject.list(request.query, request.user)),
  );
  app.get(
    '/uaa/api/free/declare-project/detail',
    { schema: { tags, summary: '免申即享项目详情', querystring: idQuerySchema, response: { 200: envelopeSchema(freeProjectDetailSchema) } } },
    async (request) => ok(await freeProject.detail(request.query.id, request.user)),
  );

  // 管理后台 · 免申即享项目: draft → published → closed (compare-and-set; a wrong state is a 409).
  const consoleTags = ['管理后台 · 免申即享项目'];
  const config = { permission: 'free-declare:project:edit' } as const;
  app.post(
    '/console/api/free-project/pages',
    { schema: { tags: consoleTags, summary: '免申即享项目（各状态），附名单条数', body: freeProjectConsoleQuerySchema, response: { 200: envelopeSchema(freeProjectConsolePageSchema) } }, config },
    async (request) => ok(await freeProject.consoleList(request.body)),
  );
  app.post(
    '/console/api/free-project/save',
    { schema: { tags: consoleTags, summary: '新增（草稿）或修改免申即享项目；已结束的不能修改', body: freeProjectSaveSchema, response: idReply }, config },
    async (request) => ok(await freeProject.save(request.body), '免申即享项目已保存'),
  );
  app.post(
    '/console/api/free-project/publish',
    { schema: { tags: consoleTags, summary: '发布草稿（公开，并可导入名单）', body: freeProjectIdSchema, response: idReply }, config },
    async (request) => ok(await freeProject.publish(request.body.id), '已发布，门户已显示该项目，可以导入名单'),
  );
  app.post(
    '/console/api/free-project/close',
    { schema: { tags: consoleTags, summary: '结束已发布的项目（不再公开，名单保留）', body: freeProjectIdSchema, response: idReply }, config },
    async (request) => ok(await freeProject.close(request.body.id), '项目已结束，门户不再显示'),
  );
};
