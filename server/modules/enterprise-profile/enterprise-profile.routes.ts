import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '#contract/envelope.ts';
import { enterpriseConsolePageSchema, enterpriseConsoleQuerySchema, ownProfileSchema, profileSaveSchema } from '#contract/enterprise-profile.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { ok } from '#server/platform/http/reply.ts';

/** 企业画像 (一企一档): what the signed-in enterprise declares about itself, beside what staff verified. */
export const enterpriseProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const enterpriseProfile = app.services.match.profile;
  const tags = ['企业画像'];
  const reply = { 200: envelopeSchema(ownProfileSchema) };

  app.get(
    '/api/enterprise/profile',
    { onRequest: requireUser, schema: { tags, summary: '本企业的画像（每项注明来源：企业自报或部门核实）', response: reply } },
    async (request) => ok(await enterpriseProfile.mine(currentUser(request))),
  );
  app.post(
    '/api/enterprise/profile',
    { onRequest: requireUser, schema: { tags, summary: '保存企业自报的画像与是否接收政策推送短信（未提交的项保持不变，null 清空）', body: profileSaveSchema, response: reply } },
    async (request) => ok(await enterpriseProfile.save(currentUser(request), request.body), '企业画像已保存'),
  );

  // 一企一档 for staff who review declarations or keep the 免申即享 lists.
  app.post(
    '/console/api/enterprise/pages',
    {
      schema: { tags: ['管理后台 · 一企一档'], summary: '企业及其画像（按行业、规模、资质筛选，以核实值为准）', body: enterpriseConsoleQuerySchema, response: { 200: envelopeSchema(enterpriseConsolePageSchema) } },
      config: { permission: ['declare:review', 'free-declare:manage'], audit: false },
    },
    async (request) => ok(await enterpriseProfile.consoleList(request.body)),
  );
};
