import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import {
  ACCESS_COOKIE,
  captchaQuerySchema,
  forgotPasswordSchema,
  loginSchema,
  loginUserSchema,
  REFRESH_COOKIE,
  refreshSchema,
  registrySchema,
  smsRequestSchema,
  tokenPairSchema,
} from '#contract/account.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { requireUser, currentUser } from '#server/platform/auth/current-user.ts';
import { unauthorized } from '#server/platform/http/errors.ts';
import { ok } from '#server/platform/http/reply.ts';
import { bearerToken, clearSessionCookies, clientOf, setSessionCookies } from '../../platform/auth/cookies.ts';
import { limitByAddress, type RateLimitName } from '../../platform/http/rate-limit.ts';

/** 账号与登录 (docs/product.md §7 "Authentication", docs/api.md payloads). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, sessions, account } = app.services;
  const { config, kv } = app;
  const tags = ['账号与登录'];
  const nullResponse = { 200: envelopeSchema(z.null()) };
  const pairResponse = { 200: envelopeSchema(tokenPairSchema) };
  // Counted before validation, so malformed floods count too.
  const limit = (name: RateLimitName) => async (request: FastifyRequest) => limitByAddress(kv, name, request.ip);

  app.get(
    '/fykj/captcha',
    { schema: { tags, summary: '图形验证码（SVG 图片，5 分钟内有效，仅可校验一次）', querystring: captchaQuerySchema }, preValidation: limit('captcha') },
    async (request, reply) => {
      const svg = await auth.captcha.draw(request.query.uuid);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    '/fykj/sms',
    { schema: { tags, summary: '发送短信验证码（需图形验证码）', body: smsRequestSchema, response: nullResponse }, preValidation: limit('sms') },
    async (request) => {
      await auth.sendSms(request.body);
      // The same reply whether or not a code went out: it must not tell who is registered.
      return ok(null, '如手机号符合要求，验证码已发送，请注意查收');
    },
  );

  app.post(
    '/fykj/registry',
    { schema: { tags, summary: '企业用户注册', body: registrySchema, response: nullResponse }, preValidation: limit('registry') },
    async (request) => {
      await auth.register(request.body, clientOf(request));
      return ok(null, '注册成功，请登录');
    },
  );

  app.post(
    '/fykj/en-login',
    { schema: { tags, summary: '企业用户登录（手机号 + 密码 + 图形验证码）', body: loginSchema, response: pairResponse }, preValidation: limit('login') },
    async (request, reply) => {
      const session = await auth.login(request.body, clientOf(request));
      setSessionCookies(request, reply, config, session);
      request.authVia = 'cookie';
      return ok({ access_token: session.access_token, refresh_token: session.refresh_token }, '登录成功');
    },
  );

  app.post(
    '/fykj/forgot-password',
    { schema: { tags, summary: '找回密码（短信验证码），并结束该账号的所有会话', body: forgotPasswordSchema, response: nullResponse }, preValidation: limit('reset') },
    async (request, reply) => {
      await auth.resetPassword(request.body, clientOf(request));
      clearSessionCookies(request, reply, config);
      return ok(null, '密码已重置，请使用新密码登录');
    },
  );

  app.post(
    '/uaa/api/refresh-token',
    { schema: { tags, summary: '刷新令牌（轮换；重复使用旧令牌将注销整个会话）', body: refreshSchema, response: pairResponse } },
    async (request, reply) => {
      const token = request.body.refresh_token ?? request.cookies[REFRESH_COOKIE];
      const session = token ? await sessions.rotate(token, clientOf(request)) : null;
      if (!session) {
        clearSessionCookies(request, reply, config);
        throw unauthorized('登录已过期，请重新登录');
      }
      setSessionCookies(request, reply, config, session);
      request.authVia = 'cookie';
      return ok({ access_token: session.access_token, refresh_token: session.refresh_token });
    },
  );

  app.get('/fykj/logout', { schema: { tags, summary: '退出登录（注销会话并清除 Cookie）', response: nullResponse } }, async (request, reply) => {
    await endSession(app, request, reply);
    return ok(null, '已退出登录');
  });

  app.get(
    '/admin/user/loginUser',
    { schema: { tags, summary: '当前登录用户', response: { 200: envelopeSchema(loginUserSchema) } }, onRequest: requireUser },
    async (request) => ok(await account.loginUser(currentUser(request).userId)),
  );
};

/** Ends the request's session, whichever token it carries, and clears the browser's state. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { sessions, auth } = app.services;
  const access = bearerToken(request) ?? request.cookies[ACCESS_COOKIE];
  const refresh = request.cookies[REFRESH_COOKIE];
  const family = request.sessionId ?? (access ? await sessions.sessionOf(access) : null) ?? (refresh ? await sessions.familyOf(refresh) : null);
  await auth.logout(family, request.user?.userId ?? null, clientOf(request));
  clearSessionCookies(request, reply, app.config);
  reply.header('clear-site-data', '"cookies", "storage"');
}
