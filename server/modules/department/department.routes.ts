import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idReply } from '#contract/envelope.ts';
import { z } from '#contract/zod.ts';
import { departmentRowSchema, departmentSaveSchema, departmentStatusSchema, optionSchema } from '#contract/staff.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 部门 (system administrators; every staff member may read the options). */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { department } = app.services;
  const tags = ['管理后台 · 部门'];

  app.get(
    '/console/api/department/list',
    { schema: { tags, summary: '部门列表（含人数）', response: { 200: envelopeSchema(z.array(departmentRowSchema)) } }, config: { permission: ['system:department:manage', 'system:staff:manage'] } },
    async () => ok(await department.list()),
  );
  app.get(
    '/console/api/department/options',
    { schema: { tags, summary: '启用的部门（选择用）', response: { 200: envelopeSchema(z.array(optionSchema)) } }, config: { permission: 'signed-in' } },
    async () => ok(await department.options()),
  );
  app.post(
    '/console/api/department/save',
    { schema: { tags, summary: '新建或修改部门', body: departmentSaveSchema, response: idReply }, config: { permission: 'system:department:manage' } },
    async (request) => ok(await department.save(request.body), '部门已保存'),
  );
  app.post(
    '/console/api/department/status',
    { schema: { tags, summary: '启用或停用部门', body: departmentStatusSchema, response: idReply }, config: { permission: 'system:department:manage' } },
    async (request) => ok(await department.setStatus(request.body.id, request.body.status), request.body.status === 'active' ? '部门已启用' : '部门已停用'),
  );
};
