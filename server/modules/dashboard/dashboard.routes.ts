import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '#contract/dashboard.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { ok } from '#server/platform/http/reply.ts';

/** The 工作台's figures: any signed-in staff member, who gets only the figures of their own work. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.services;
  app.get(
    '/console/api/dashboard',
    {
      schema: { tags: ['管理后台 · 工作台'], summary: '本人待办：各队列的数量（按权限与本部门范围）', response: { 200: envelopeSchema(dashboardSchema) } },
      config: { permission: 'signed-in' },
    },
    async (request) => ok(await dashboard.workload(request.staff!)),
  );
};
