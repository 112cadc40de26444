import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { staffInboxSchema, staffMessageReadSchema, staffSmsChoiceSchema } from '#contract/staff-message.ts';
import { ok } from '#server/platform/http/reply.ts';

/** A staff member's own in-site messages and SMS choice: anyone signed in to the console. */
export const staffMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffMessage } = app.services;
  const tags = ['管理后台 · 站内消息'];
  const config = { permission: 'signed-in' } as const;
  app.get(
    '/console/api/staff-message',
    { schema: { tags, summary: '本人最新的站内消息、未读数与短信提醒选择', response: { 200: envelopeSchema(staffInboxSchema) } }, config },
    async (request) => ok(await staffMessage.inbox(request.staff!)),
  );
  app.post(
    '/console/api/staff-message/read',
    { schema: { tags, summary: '标为已读', body: staffMessageReadSchema, response: { 200: envelopeSchema(staffInboxSchema) } }, config },
    async (request) => ok(await staffMessage.read(request.staff!, request.body.ids), '已标为已读'),
  );
  app.post(
    '/console/api/staff-message/sms',
    {
      schema: { tags, summary: '是否同时以短信接收提醒（发往登记手机）', body: staffSmsChoiceSchema, response: { 200: envelopeSchema(staffInboxSchema) } },
      config: { ...config, audit: { action: 'staff-message.sms.choose', objectType: 'staff' } },
    },
    async (request) => ok(await staffMessage.chooseSms(request.staff!, request.body.sms), request.body.sms ? '已开启短信提醒，提醒将同时发往您登记的手机' : '已关闭短信提醒'),
  );
};
