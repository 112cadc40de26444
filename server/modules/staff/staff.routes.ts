import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import { STAFF_CHANGE_PENDING_MESSAGE, staffChangePendingSchema, type StaffChangePending } from '#contract/staff-change.ts';
import { clientOf } from '#server/platform/auth/cookies.ts';
import { envelopeSchema, idReply, idQuerySchema } from '#contract/envelope.ts';
import {
  oneTimePasswordSchema,
  staffCreateSchema,
  staffDetailSchema,
  staffIdSchema,
  staffListQuerySchema,
  staffPageSchema,
  staffRolesSchema,
  staffStatusSchema,
  staffUpdateSchema,
} from '#contract/staff.ts';
import { parseId } from '#server/platform/http/paging.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 工作人员账号 (system administrators). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff, staffChange } = app.services;
  const by = (request: FastifyRequest) => ({ staff: request.staff!, client: clientOf(request) });
  /** A change waiting for an auditor says so; the administrator gets no password for it. */
  const answer = <T extends object>(result: T | StaffChangePending, done: string) => ok(result, 'pendingChangeId' in result ? STAFF_CHANGE_PENDING_MESSAGE : done);
  const tags = ['管理后台 · 工作人员'];
  const config = { permission: 'system:staff:manage' as const };
  const passwordResponse = { 200: envelopeSchema(z.union([oneTimePasswordSchema, staffChangePendingSchema])) };
  const idResponse = { 200: envelopeSchema(z.union([z.object({ id: z.number() }), staffChangePendingSchema])) };

  app.post('/console/api/staff/pages', { schema: { tags, summary: '工作人员列表', body: staffListQuerySchema, response: { 200: envelopeSchema(staffPageSchema) } }, config: { ...config, audit: false } }, async (request) =>
    ok(await staff.list(request.body)),
  );
  app.get('/console/api/staff/detail', { schema: { tags, summary: '工作人员详情（编辑用，含完整手机号）', querystring: idQuerySchema, response: { 200: envelopeSchema(staffDetailSchema) } }, config }, async (request) =>
    ok(await staff.detail(parseId(request.query.id, '工作人员'))),
  );
  app.post('/console/api/staff/create', { schema: { tags, summary: '新建工作人员（返回一次性密码，首次登录须修改）', body: staffCreateSchema, response: passwordResponse }, config }, async (request) =>
    answer(await staffChange.create(by(request), request.body), '账号已创建'),
  );
  app.post('/console/api/staff/update', { schema: { tags, summary: '修改姓名、手机号、部门（安全审计员的手机号须经安全审计员确认）', body: staffUpdateSchema, response: idResponse }, config }, async (request) =>
    answer(await staffChange.update(by(request), request.body), '已保存'),
  );
  app.post('/console/api/staff/roles', { schema: { tags, summary: '调整角色（同一类角色；不能调整自己的；涉及安全审计员的须经其确认）', body: staffRolesSchema, response: idResponse }, config }, async (request) =>
    answer(await staffChange.setRoles(by(request), request.body.id, request.body.roles), '角色已调整'),
  );
  app.post('/console/api/staff/status', { schema: { tags, summary: '启用或停用（停用即结束其所有会话；安全审计员的须经其确认）', body: staffStatusSchema, response: idResponse }, config }, async (request) =>
    answer(await staffChange.setStatus(by(request), request.body.id, request.body.status), request.body.status === 'active' ? '账号已启用' : '账号已停用'),
  );
  app.post('/console/api/staff/reset-password', { schema: { tags, summary: '重置密码（返回一次性密码，下次登录须修改；安全审计员的须经其确认，密码交确认人）', body: staffIdSchema, response: passwordResponse }, config }, async (request) =>
    answer(await staffChange.resetPassword(by(request), request.body.id), '密码已重置'),
  );
  app.post('/console/api/staff/unlock', { schema: { tags, summary: '解除登录锁定', body: staffIdSchema, response: idReply }, config }, async (request) =>
    ok(await staff.unlock(request.body.id), '已解除锁定'),
  );
};
