import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import type { Rule } from '#contract/match-rules.ts';
import { calculateSchema, matchPreviewResultSchema, matchPreviewSchema, matchPushListSchema, matchPushQuerySchema, projectMatchListSchema } from '#contract/match-verdict.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/**
 * The verdicts are written as JSON without zod checking them against their schema first: matchAll
 * builds each field by name (nothing comes straight from a row, so nothing can leak past the
 * schema), and for 200 open projects zod's check of the 70 KB answer cost four times the
 * JSON.stringify, the larger part of a call. The schema still documents the answer.
 */
const writtenAsBuilt = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** 政策找人: verdicts of the open projects' rules for an enterprise, a visitor's answers, or every enterprise. */
export const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { match } = app.services;
  const tags = ['政策匹配'];
  const list = { 200: envelopeSchema(projectMatchListSchema) };

  app.get(
    '/api/match/mine',
    { onRequest: requireUser, schema: { tags, summary: '本企业对每个开放项目的匹配结论（逐条列出条件与本企业的值）', response: list }, ...writtenAsBuilt },
    async (request) => ok(await match.mine(currentUser(request))),
  );
  app.post(
    '/api/match/calculate',
    { schema: { tags, summary: '政策计算器：按填写的企业情况给出匹配结论（不保存）', body: calculateSchema, response: list }, ...writtenAsBuilt },
    async (request) => ok(await match.calculate(request.body.attributes)),
  );
  app.post(
    '/console/api/match/preview',
    {
      schema: { tags: ['管理后台 · 政策匹配'], summary: '发布前预览：符合、待补充信息的企业数与企业总数', body: matchPreviewSchema, response: { 200: envelopeSchema(matchPreviewResultSchema) } },
      config: { permission: ['declare:project:edit', 'free-declare:project:edit'], audit: false },
    },
    async (request) => ok(await match.preview(request.body.rules as Rule)),
  );
  app.get(
    '/console/api/match/pushes',
    {
      schema: { tags: ['管理后台 · 政策匹配'], summary: '政策推送：某个项目告知了哪些企业、何时告知', querystring: matchPushQuerySchema, response: { 200: envelopeSchema(matchPushListSchema) } },
      config: { permission: ['declare:project:edit', 'free-declare:project:edit'] },
    },
    async (request) => ok(await match.push.told(request.query.kind, request.query.id)),
  );
};
