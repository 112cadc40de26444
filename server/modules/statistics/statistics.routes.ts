import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { homeStatisticSchema } from '#contract/statistics.ts';
import { ok } from '#server/platform/http/reply.ts';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { statistics } = app.services;
  app.get(
    '/api/access-log/home-statistic',
    { schema: { tags: ['访问统计'], summary: '首页统计数字', response: { 200: envelopeSchema(homeStatisticSchema) } } },
    async () => ok(await statistics.home()),
  );
};
