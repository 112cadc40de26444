import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { staffChangeApprovedSchema, staffChangeIdSchema, staffChangeListQuerySchema, staffChangePageSchema, staffChangeRejectSchema } from '#contract/staff-change.ts';
import { ok } from '#server/platform/http/reply.ts';

/**
 * 账号变更确认: changes a system administrator asked for on audit accounts. Both sides see the
 * list; only an auditor confirms or refuses (contract/staff-change.ts).
 */
export const staffChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffChange } = app.services;
  const tags = ['管理后台 · 账号变更确认'];
  const decide = { permission: 'audit:staff-change:decide' as const };

  app.post(
    '/console/api/staff-change/pages',
    {
      schema: { tags, summary: '待确认与已处理的安全审计员账号变更', body: staffChangeListQuerySchema, response: { 200: envelopeSchema(staffChangePageSchema) } },
      config: { permission: ['audit:staff-change:decide', 'system:staff:manage'] as const, audit: false },
    },
    async (request) => ok(await staffChange.list(request.body)),
  );
  app.post(
    '/console/api/staff-change/approve',
    {
      schema: { tags, summary: '确认变更（立即生效；新建或重置时返回一次性密码，由确认人交给本人）', body: staffChangeIdSchema, response: { 200: envelopeSchema(staffChangeApprovedSchema) } },
      config: { ...decide, audit: { action: 'staff-change.approve', objectType: 'staff_change' } },
    },
    async (request) => ok(await staffChange.approve(request.staff!, request.body.id), '已确认，变更已生效'),
  );
  app.post(
    '/console/api/staff-change/reject',
    {
      schema: { tags, summary: '驳回变更（须填理由，系统管理员会收到站内消息）', body: staffChangeRejectSchema, response: { 200: envelopeSchema(staffChangeApprovedSchema.pick({ id: true })) } },
      config: { ...decide, audit: { action: 'staff-change.reject', objectType: 'staff_change' } },
    },
    async (request) => ok(await staffChange.reject(request.staff!, request.body.id, request.body.reason), '已驳回'),
  );
};
