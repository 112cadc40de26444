import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '#contract/permissions.ts';
import { CONSOLE_ACCESS_COOKIE, CONSOLE_API_PREFIX, CONSOLE_REFRESH_COOKIE, isConsolePath, type StaffActor } from '#contract/staff.ts';
import { forbidden, unauthorized } from '#server/platform/http/errors.ts';
import { bearerToken, clientOf } from '#server/platform/auth/cookies.ts';
import { refuseForeignCookieWrite } from '#server/platform/http/cross-site.ts';
import { STATIC_FILE } from '#server/platform/http/request-paths.ts';
import { maskedChanges } from '#server/modules/audit/audit-mask.ts';
import type { ConsoleIdentity } from './console-auth.service.ts';
import { clearConsoleCookies, setConsoleCookies } from './console-cookies.ts';

/**
 * What a `/console/api/` route needs: a permission of the catalogue (an array: any of them),
 * `'signed-in'` (any staff member, even one who must first change the password), or `'public'`
 * (the sign-in calls).
 */
export type ConsoleAccess = Permission | readonly Permission[] | 'signed-in' | 'public';

/** How a route's audit row reads; by default the action and object type come from the URL. */
export interface ConsoleAuditConfig {
  action?: string;
  objectType?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console request (pages and calls under /console), or null. */
    staff: StaffActor | null;
    staffIdentity: ConsoleIdentity | null;
    /** An audit row for this request is written (a denial, a login event): no automatic one. */
    audited: boolean;
    /** The envelope an audited call answers with, as handed over before it is written as JSON. */
    replied: { msg?: string; data?: unknown } | null;
  }
  interface FastifyContextConfig {
    permission?: ConsoleAccess;
    /** false: the route writes its own rows (sign-in). Set on a GET (export) to audit it too. */
    audit?: ConsoleAuditConfig | false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATE_CHANGING_GETS = ['/console/api/auth/logout'];
const CONSOLE_COOKIES = [CONSOLE_ACCESS_COOKIE, CONSOLE_REFRESH_COOKIE];
export const NO_PERMISSION = '对不起，您没有权限访问';
export const MUST_CHANGE_PASSWORD = '请先修改初始密码，再使用管理后台';
export const SIGN_IN_AGAIN = '登录已超时或未登录，请重新登录';

/** Whether a call gets its automatic audit row: every write, and a read whose route asks for one (an export). */
function auditedCall(method: string, config: FastifyContextConfig | undefined): boolean {
  if (!config?.permission || config.audit === false) return false;
  return !SAFE_METHODS.has(method) || Boolean(config.audit);
}

/** `/console/api/staff/reset-password` → `staff.reset-password` and object type `staff`. */
export function auditNames(request: FastifyRequest): { action: string; objectType: string } {
  const cfg = request.routeOptions.config.audit || {};
  const path = (request.routeOptions.url ?? request.url.split('?')[0]).slice(CONSOLE_API_PREFIX.length);
  const parts = path.split('/').filter(Boolean);
  return { action: cfg.action ?? parts.join('.'), objectType: cfg.objectType ?? parts[0] ?? 'console' };
}

function idOf(value: unknown): string | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id) ? String(id) : null;
}

/**
 * The console's gate. Under /console it authenticates the staff token (cookie or bearer; an
 * enterprise token never verifies here), renews the idle limit, refuses cookie writes from a
 * foreign origin; under /console/api/ it enforces each route's `config.permission` (401 / 403 in
 * the envelope, a `denied` audit row for each 403) and writes an audit row for every write.
 */
export const consoleAuthPlugin = fp(
  async function consoleAuth(app: FastifyInstance) {
    const { consoleAuth: auth, audit } = app.services;
    const config = app.config;
    app.decorateRequest('staff', null);
    app.decorateRequest('staffIdentity', null);
    app.decorateRequest('audited', false);
    app.decorateRequest('replied', null);

    // The audit row of a write names what the reply names (a new record's id, an error's message):
    // read from the envelope before it is serialized, not parsed back from the JSON sent (an audit
    // search's page is about 11 KB, 30 µs of JSON.parse a call).
    async function keepReply(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
      request.replied = payload as FastifyRequest['replied'];
      return payload;
    }

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(CONSOLE_API_PREFIX)) return;
      if (!route.config?.permission) {
        throw new Error(`${String(route.method)} ${route.url}: a /console/api/ route must declare config.permission`);
      }
      if ([route.method].flat().some((m) => auditedCall(m, route.config))) route.preSerialization = [route.preSerialization ?? []].flat().concat(keepReply);
    });

    function signIn(request: FastifyRequest, identity: ConsoleIdentity) {
      request.staffIdentity = identity;
      request.staff = identity.actor;
    }

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0];
      if (!isConsolePath(path) || STATIC_FILE.test(path)) return;
      const bearer = bearerToken(request);
      const cookieToken = request.cookies[CONSOLE_ACCESS_COOKIE];
      const token = bearer ?? cookieToken;
      const identity = token ? await auth.authenticate(token) : null;
      if (identity) signIn(request, identity);

      // A page whose access token expired (the session still live) rotates the pair during SSR.
      const refresh = request.cookies[CONSOLE_REFRESH_COOKIE];
      if (!identity && !bearer && refresh && request.method === 'GET' && !path.startsWith(CONSOLE_API_PREFIX)) {
        const renewed = await auth.refresh(refresh, clientOf(request));
        if (renewed) {
          setConsoleCookies(request, reply, config, renewed);
          signIn(request, renewed);
        } else {
          clearConsoleCookies(request, reply, config);
        }
      }

      refuseForeignCookieWrite(request, config, CONSOLE_COOKIES, STATE_CHANGING_GETS);
    });

    async function deny(request: FastifyRequest, message: string): Promise<never> {
      const staff = request.staff!;
      const { action, objectType } = auditNames(request);
      await audit.record({
        action,
        actorType: 'staff',
        staffId: staff.id,
        loginName: staff.loginName,
        objectType,
        objectId: idOf(request.body) ?? idOf(request.query),
        result: 'denied',
        ip: request.ip,
        userAgent: clientOf(request).userAgent,
        detail: message,
        changes: maskedChanges(request.body),
      });
      request.audited = true;
      throw forbidden(message);
    }

    // Before validation: someone without the permission learns nothing about the fields.
    app.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config.permission;
      if (!access || access === 'public') return;
      if (!request.staffIdentity) throw unauthorized(SIGN_IN_AGAIN);
      if (request.staffIdentity.mustChangePassword && access !== 'signed-in') return deny(request, MUST_CHANGE_PASSWORD);
      if (access === 'signed-in') return;
      const needed: readonly Permission[] = typeof access === 'string' ? [access] : access;
      if (!needed.some((p) => request.staff!.permissions.includes(p))) return deny(request, NO_PERMISSION);
    });

    async function auditWrite(request: FastifyRequest, reply: FastifyReply) {
      if (!auditedCall(request.method, request.routeOptions.config) || request.audited || !request.staff) return;
      const status = reply.statusCode;
      const { action, objectType } = auditNames(request);
      await audit.record({
        action,
        actorType: 'staff',
        staffId: request.staff.id,
        loginName: request.staff.loginName,
        objectType,
        objectId: idOf(request.body) ?? idOf(request.replied?.data) ?? idOf(request.query),
        result: status < 400 ? 'ok' : status === 403 ? 'denied' : 'failed',
        ip: request.ip,
        userAgent: clientOf(request).userAgent,
        detail: status < 400 ? null : (request.replied?.msg ?? `HTTP ${status}`),
        changes: maskedChanges(SAFE_METHODS.has(request.method) ? request.query : request.body),
      });
      request.audited = true;
    }

    app.addHook('onSend', async (request, reply, payload) => {
      if (!isConsolePath(request.url.split('?')[0])) return payload;
      reply.header('cache-control', 'no-store');
      if (request.url.startsWith(CONSOLE_API_PREFIX)) {
        try {
          await auditWrite(request, reply);
        } catch (err) {
          // A refusal keeps its sentence: an error thrown while one is sent is answered by Fastify's
          // own fallback, which would show the database's message. The operator sees it logged.
          if (reply.statusCode < 400) throw err;
          request.log.error({ err }, 'audit row not written');
        }
      }
      return payload;
    });
  },
  { name: 'console-auth' },
);
