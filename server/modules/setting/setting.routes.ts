import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { deadlineSettingsSchema } from '#contract/deadline-settings.ts';
import { freshnessSettingsSchema } from '#contract/freshness.ts';
import { siteSettingsSchema } from '#contract/site-settings.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 管理后台 · 站点设置 (system administrators). */
export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { setting } = app.services;
  const tags = ['管理后台 · 站点设置'];
  const config = { permission: 'system:setting:manage' } as const;
  app.get(
    '/console/api/setting/site',
    { schema: { tags, summary: '当前站点设置', response: { 200: envelopeSchema(siteSettingsSchema) } }, config },
    async () => ok(await setting.site()),
  );
  app.post(
    '/console/api/setting/site/save',
    { schema: { tags, summary: '保存站点设置（各页面立即生效）', body: siteSettingsSchema, response: { 200: envelopeSchema(siteSettingsSchema) } }, config: { ...config, audit: { action: 'setting.site.save', objectType: 'setting' } } },
    async (request) => ok(await setting.save(request.body), '站点设置已保存，各页面已更新'),
  );
  app.get(
    '/console/api/setting/deadlines',
    { schema: { tags, summary: '办理时限（工作日）', response: { 200: envelopeSchema(deadlineSettingsSchema) } }, config },
    async () => ok(await setting.deadlines()),
  );
  app.post(
    '/console/api/setting/deadlines/save',
    {
      schema: { tags, summary: '保存办理时限（此后提交、退回、发布的事项按新时限计算）', body: deadlineSettingsSchema, response: { 200: envelopeSchema(deadlineSettingsSchema) } },
      config: { ...config, audit: { action: 'setting.deadlines.save', objectType: 'setting' } },
    },
    async (request) => ok(await setting.saveDeadlines(request.body), '办理时限已保存，此后的事项按新时限计算'),
  );
  app.get(
    '/console/api/setting/freshness',
    { schema: { tags, summary: '栏目更新期限（天）', response: { 200: envelopeSchema(freshnessSettingsSchema) } }, config },
    async () => ok(await setting.freshness()),
  );
  app.post(
    '/console/api/setting/freshness/save',
    {
      schema: { tags, summary: '保存栏目更新期限（只能收紧，不能超过普查要求）', body: freshnessSettingsSchema, response: { 200: envelopeSchema(freshnessSettingsSchema) } },
      config: { ...config, audit: { action: 'setting.freshness.save', objectType: 'setting' } },
    },
    async (request) => ok(await setting.saveFreshness(request.body), '栏目更新期限已保存'),
  );
};
