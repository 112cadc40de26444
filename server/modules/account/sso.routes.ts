import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contract/zod.ts';
import { ssoAuthorizeQuerySchema, ssoAuthSchema, tokenPairSchema } from '#contract/account.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { badRequest } from '#server/platform/http/errors.ts';
import { ok } from '#server/platform/http/reply.ts';
import { endSession } from './auth.routes.ts';
import { clientOf, setSessionCookies } from '../../platform/auth/cookies.ts';
import { limitByAddress } from '../../platform/http/rate-limit.ts';
import { isOwnUrl } from '../../platform/http/site-origin.ts';

/** 统一身份认证 (docs/product.md §7): `data` of the two GET calls is a URL the browser then opens. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sso } = app.services;
  const tags = ['统一身份认证'];
  const urlResponse = { 200: envelopeSchema(z.string()) };

  /** Codes and the user's next page only ever go back to this site. */
  function ownRedirect(request: Parameters<typeof clientOf>[0], url: string): string {
    if (!isOwnUrl(request, app.config, url)) throw badRequest('回调地址必须是本站地址', { redirectUri: '回调地址必须是本站地址' });
    return url;
  }

  app.get(
    '/uaa/api/ua/login/sso/authorize-uri',
    {
      schema: { tags, summary: '统一身份认证登录地址', querystring: ssoAuthorizeQuerySchema, response: urlResponse },
      preValidation: async (request) => limitByAddress(app.kv, 'sso', request.ip),
    },
    async (request) => ok(await sso.authorizeUrl(ownRedirect(request, request.query.redirectUri))),
  );

  app.post(
    '/uaa/api/ua/login/sso/auth',
    {
      schema: { tags, summary: '统一身份认证回调：以授权码换取登录令牌', body: ssoAuthSchema, response: { 200: envelopeSchema(tokenPairSchema) } },
      preValidation: async (request) => limitByAddress(app.kv, 'sso', request.ip),
    },
    async (request, reply) => {
      const session = await sso.finish(request.body, clientOf(request));
      setSessionCookies(request, reply, app.config, session);
      request.authVia = 'cookie';
      return ok({ access_token: session.access_token, refresh_token: session.refresh_token }, '登录成功');
    },
  );

  app.get(
    '/uaa/api/ua/login/sso/logout',
    { schema: { tags, summary: '统一身份认证退出地址（同时退出本站）', querystring: ssoAuthorizeQuerySchema, response: urlResponse } },
    async (request, reply) => {
      const redirectUri = ownRedirect(request, request.query.redirectUri);
      const sid = request.sessionId;
      const url = await sso.logoutUrl(redirectUri, sid);
      await endSession(app, request, reply);
      return ok(url);
    },
  );
};
