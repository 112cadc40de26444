import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import {
  CONSOLE_ACCESS_COOKIE,
  CONSOLE_REFRESH_COOKIE,
  consoleLoginReplySchema,
  consoleLoginSchema,
  consoleMeSchema,
  consolePasswordSchema,
  consoleRefreshSchema,
  consoleTokenPairSchema,
  consoleVerifySchema,
} from '#contract/staff.ts';
import { unauthorized } from '#server/platform/http/errors.ts';
import { ok } from '#server/platform/http/reply.ts';
import { bearerToken, clientOf } from '#server/platform/auth/cookies.ts';
import { limitByAddress } from '#server/platform/http/rate-limit.ts';
import { clearConsoleCookies, setConsoleCookies } from './console-cookies.ts';

/** 管理后台登录 (docs/console.md "Identity"): two steps, then the session calls. */
export const consoleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { consoleAuth } = app.services;
  const { config, kv } = app;
  const tags = ['管理后台 · 登录'];
  const pairResponse = { 200: envelopeSchema(consoleTokenPairSchema) };
  const publicCall = { permission: 'public' as const, audit: false as const };

  app.post(
    '/console/api/auth/login',
    {
      schema: { tags, summary: '第一步：账号、密码与图形验证码；通过后向工作人员手机发送短信验证码', body: consoleLoginSchema, response: { 200: envelopeSchema(consoleLoginReplySchema) } },
      config: publicCall,
      preValidation: async (request) => limitByAddress(kv, 'login', request.ip),
    },
    async (request) => ok(await consoleAuth.login(request.body, clientOf(request)), '验证码已发送至您的手机'),
  );

  app.post(
    '/console/api/auth/verify',
    {
      schema: { tags, summary: '第二步：短信验证码；通过后登录（Cookie 与令牌）', body: consoleVerifySchema, response: pairResponse },
      config: publicCall,
      preValidation: async (request) => limitByAddress(kv, 'login', request.ip),
    },
    async (request, reply) => {
      const tokens = await consoleAuth.verify(request.body, clientOf(request));
      setConsoleCookies(request, reply, config, tokens);
      return ok({ access_token: tokens.access_token, refresh_token: tokens.refresh_token }, '登录成功');
    },
  );

  app.post(
    '/console/api/auth/refresh',
    { schema: { tags, summary: '刷新令牌（轮换；重复使用旧令牌将注销会话）', body: consoleRefreshSchema, response: pairResponse }, config: publicCall },
    async (request, reply) => {
      const token = request.body.refresh_token ?? request.cookies[CONSOLE_REFRESH_COOKIE];
      const renewed = token ? await consoleAuth.refresh(token, clientOf(request)) : null;
      if (!renewed) {
        clearConsoleCookies(request, reply, config);
        throw unauthorized('登录已超时，请重新登录');
      }
      setConsoleCookies(request, reply, config, renewed);
      return ok({ access_token: renewed.access_token, refresh_token: renewed.refresh_token });
    },
  );

  app.get(
    '/console/api/auth/logout',
    { schema: { tags, summary: '退出登录（结束会话并清除 Cookie）', response: { 200: envelopeSchema(z.null()) } }, config: publicCall },
    async (request, reply) => {
      const token = bearerToken(request) ?? request.cookies[CONSOLE_ACCESS_COOKIE] ?? request.cookies[CONSOLE_REFRESH_COOKIE];
      const sid = request.staffIdentity?.sid ?? (token ? await consoleAuth.sessions.sidOf(token) : null);
      await consoleAuth.logout(sid, request.staff, clientOf(request));
      clearConsoleCookies(request, reply, config);
      return ok(null, '已退出登录');
    },
  );

  app.get(
    '/console/api/auth/me',
    { schema: { tags, summary: '当前工作人员（姓名、部门、角色、权限）', response: { 200: envelopeSchema(consoleMeSchema) } }, config: { permission: 'signed-in' } },
    async (request) => ok(await consoleAuth.me(request.staff!)),
  );

  app.post(
    '/console/api/auth/password',
    { schema: { tags, summary: '修改本人密码（首次登录和重置后必须先修改）', body: consolePasswordSchema, response: pairResponse }, config: { permission: 'signed-in' } },
    async (request, reply) => {
      const tokens = await consoleAuth.changePassword(request.staff!, request.body);
      setConsoleCookies(request, reply, config, tokens);
      return ok({ access_token: tokens.access_token, refresh_token: tokens.refresh_token }, '密码已修改');
    },
  );
};
