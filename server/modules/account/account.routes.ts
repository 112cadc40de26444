import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import { changePasswordSchema, enterpriseProfileUpdateSchema, profileUpdateSchema } from '#contract/account.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { currentUser, requireUser } from '#server/platform/auth/current-user.ts';
import { unauthorized } from '#server/platform/http/errors.ts';
import { ok } from '#server/platform/http/reply.ts';
import { clientOf, setAccessCookie } from '../../platform/auth/cookies.ts';

/**
 * 个人中心 account calls (docs/product.md §7 names none; they live under /admin/user/ beside loginUser):
 * GET  /admin/user/profile      the owner's own profile and enterprise profile (phone unmasked)
 * POST /admin/user/update       nickname and avatar
 * POST /admin/user/password     change password (old, new, confirm); ends the other sessions
 * POST /admin/user/enterprise   the enterprise profile
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app.services;
  const tags = ['个人中心'];
  const nullResponse = { 200: envelopeSchema(z.null()) };
  // Before validation: an anonymous call is told to sign in, whatever its body.
  app.addHook('onRequest', requireUser);

  app.get('/admin/user/profile', { schema: { tags, summary: '个人资料与企业信息（本人）' } }, async (request) =>
    ok(await account.profile(currentUser(request).userId)),
  );

  app.post('/admin/user/update', { schema: { tags, summary: '修改昵称和头像', body: profileUpdateSchema, response: nullResponse } }, async (request, reply) => {
    if (!request.sessionId) throw unauthorized();
    setAccessCookie(request, reply, app.config, await account.updateProfile(currentUser(request), request.sessionId, request.body));
    return ok(null, '个人资料已保存');
  });

  app.post(
    '/admin/user/password',
    { schema: { tags, summary: '修改密码（结束其他会话）', body: changePasswordSchema, response: nullResponse } },
    async (request) => {
      await account.changePassword(currentUser(request).userId, request.sessionId, request.body, clientOf(request));
      return ok(null, '密码已修改，其他设备上的登录已退出');
    },
  );

  app.post(
    '/admin/user/enterprise',
    { schema: { tags, summary: '保存企业信息（统一社会信用代码登记后不可修改）', body: enterpriseProfileUpdateSchema, response: nullResponse } },
    async (request, reply) => {
      if (!request.sessionId) throw unauthorized();
      const { accessToken } = await account.updateEnterprise(currentUser(request).userId, request.sessionId, request.body);
      if (accessToken) setAccessCookie(request, reply, app.config, accessToken);
      return ok(null, '企业信息已保存');
    },
  );
};
