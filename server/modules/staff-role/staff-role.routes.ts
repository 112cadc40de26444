import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idReply } from '#contract/envelope.ts';
import { z } from '#contract/zod.ts';
import { roleIdSchema, roleRowSchema, roleSaveSchema } from '#contract/staff.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 角色与权限 (system administrators). */
export const staffRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffRole } = app.services;
  const tags = ['管理后台 · 角色权限'];

  // The staff form picks roles from this list too.
  app.get(
    '/console/api/role/list',
    { schema: { tags, summary: '角色列表（含权限与持有人数）', response: { 200: envelopeSchema(z.array(roleRowSchema)) } }, config: { permission: ['system:role:manage', 'system:staff:manage'] } },
    async () => ok(await staffRole.list()),
  );
  app.post(
    '/console/api/role/save',
    { schema: { tags, summary: '新建或修改自定义角色（只含业务权限；内置角色不可改）', body: roleSaveSchema, response: idReply }, config: { permission: 'system:role:manage' } },
    async (request) => ok(await staffRole.save(request.body), '角色已保存'),
  );
  app.post(
    '/console/api/role/delete',
    { schema: { tags, summary: '删除自定义角色（无人持有时）', body: roleIdSchema, response: idReply }, config: { permission: 'system:role:manage' } },
    async (request) => ok(await staffRole.remove(request.body.id), '角色已删除'),
  );
};
