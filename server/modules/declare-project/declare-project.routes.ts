import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordIdSchema } from '#contract/console-list.ts';
import {
  declareProjectConsolePageSchema,
  declareProjectConsoleQuerySchema,
  declareProjectSaveSchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectPageSchema,
} from '#contract/declare-project.ts';
import { envelopeSchema, idReply, idQuerySchema } from '#contract/envelope.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 项目申报: the public list and detail of declaration projects, and their console (reviewers). */
export const declareProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { declareProject } = app.services;
  const tags = ['项目申报'];

  app.get(
    '/uaa/api/ua/declare-project/page',
    { schema: { tags, summary: '申报项目列表', querystring: projectListQuerySchema, response: { 200: envelopeSchema(projectPageSchema) } } },
    async (request) => ok(await declareProject.list(request.query)),
  );
  app.get(
    '/uaa/api/ua/declare-project/detail',
    { schema: { tags, summary: '申报项目详情（含申报条件与材料清单）', querystring: idQuerySchema, response: { 200: envelopeSchema(projectDetailSchema) } } },
    async (request) => ok(await declareProject.detail(request.query.id)),
  );

  // 管理后台 · 申报项目. Every write purges the page cache and the list cache (content version).
  const consoleTags = ['管理后台 · 申报项目'];
  const config = { permission: 'declare:project:edit' } as const;
  app.post(
    '/console/api/declare-project/pages',
    { schema: { tags: consoleTags, summary: '申报项目（含未发布的），附材料清单', body: declareProjectConsoleQuerySchema, response: { 200: envelopeSchema(declareProjectConsolePageSchema) } }, config },
    async (request) => ok(await declareProject.consoleList(request.body)),
  );
  app.post(
    '/console/api/declare-project/save',
    { schema: { tags: consoleTags, summary: '新增（未发布）或修改申报项目及其材料清单、模板', body: declareProjectSaveSchema, response: idReply }, config },
    async (request) => ok(await declareProject.save(request.body), '申报项目已保存'),
  );
  app.post(
    '/console/api/declare-project/enable',
    { schema: { tags: consoleTags, summary: '发布（在项目申报列表中公开）', body: recordIdSchema, response: idReply }, config },
    async (request) => ok(await declareProject.setEnabled(request.body.id, true), '已发布，企业现在可以看到并申报该项目'),
  );
  app.post(
    '/console/api/declare-project/disable',
    { schema: { tags: consoleTags, summary: '下线（不再公开，已有申报不受影响）', body: recordIdSchema, response: idReply }, config },
    async (request) => ok(await declareProject.setEnabled(request.body.id, false), '已下线，门户不再显示该项目'),
  );
};
