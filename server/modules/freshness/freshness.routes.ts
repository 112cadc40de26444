import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { freshnessListSchema } from '#contract/freshness.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 栏目更新监测: the content staff's table of every public column. */
export const freshnessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { freshness } = app.services;
  app.get(
    '/console/api/content/freshness',
    {
      schema: {
        tags: ['管理后台 · 栏目更新监测'],
        summary: '各公开栏目的最近发布时间、距今天数、更新期限与状态（已超期、即将超期在前）',
        response: { 200: envelopeSchema(freshnessListSchema) },
      },
      config: { permission: 'content:freshness:view' },
    },
    async () => ok(await freshness.table()),
  );
};
