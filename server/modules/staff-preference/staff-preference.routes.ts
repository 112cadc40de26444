import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { staffPreferencesSchema, tablePreferenceSaveSchema, tablePreferenceSchema } from '#contract/staff-preference.ts';
import { ok } from '#server/platform/http/reply.ts';

/** A staff member's own table settings (密度, 列设置): anyone signed in to the console, for themselves only. */
export const staffPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffPreference } = app.services;
  const tags = ['管理后台 · 个人设置'];
  const config = { permission: 'signed-in' } as const;
  app.get(
    '/console/api/staff-preference',
    { schema: { tags, summary: '本人各列表的密度与列设置', response: { 200: envelopeSchema(staffPreferencesSchema) } }, config },
    async (request) => ok(await staffPreference.all(request.staff!)),
  );
  app.post(
    '/console/api/staff-preference/table',
    {
      schema: { tags, summary: '保存本人某个列表的密度与列设置', body: tablePreferenceSaveSchema, response: { 200: envelopeSchema(tablePreferenceSchema) } },
      config: { ...config, audit: { action: 'staff-preference.table.save', objectType: 'staff' } },
    },
    async (request) => ok(await staffPreference.saveTable(request.staff!, request.body), '已保存列表设置'),
  );
};
