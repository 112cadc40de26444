import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { performanceSchema } from '#contract/performance.ts';
import { ok } from '#server/platform/http/reply.ts';

/** The public accountability figures (docs/console.md "Public accountability"); no sign-in needed. */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { performance } = app.services;
  app.get(
    '/api/performance',
    {
      schema: {
        tags: ['办件绩效'],
        summary: '近 12 个月诉求办理绩效（总体、各部门、逐月）',
        response: { 200: envelopeSchema(performanceSchema) },
      },
    },
    async () => ok(await performance.figures()),
  );
};
