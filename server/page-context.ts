import type { FastifyInstance, FastifyRequest } from 'fastify';
import { careModeOf } from '#contract/care-mode.ts';
import type { SiteSettings } from '#contract/site-settings.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { Services } from './modules/index.ts';
import type { AuthUser } from './platform/auth/current-user.ts';

/**
 * What every page loader receives (React Router's load context). Loaders call the services
 * directly; only the public subset of the config reaches the page. It lives beside app.ts, which
 * hands it to the platform's renderer (platform/ssr/react-router.ts), because it names the domains'
 * services and the platform knows no domain.
 */
export interface PageContext {
  services: Services;
  user: AuthUser | null;
  /** The staff member on console pages (never on public ones). */
  staff: StaffActor | null;
  /** First sign-in or after a reset: console pages open nothing but the password change. */
  staffMustChangePassword: boolean;
  site: SiteSettings & { ssoEnabled: boolean; sessionIdleMinutes: number; uploadMaxBytes: number };
  requestId: string;
  clientIp: string;
  /** The nonce of this render's inline scripts (entry.server.tsx); none in a render for the page cache. */
  cspNonce?: string;
  /** 关怀模式, chosen by the visitor's cookie: part of the page-cache key (see decisions.md). */
  careMode: boolean;
  /**
   * What this render's loaders and actions threw (entry.server.tsx `handleError` adds them): one that
   * says a dependency is down makes the page the 503 that says to wait (http/outage-page.ts).
   */
  failures?: unknown[];
}

export async function pageContext(app: FastifyInstance, request: FastifyRequest): Promise<PageContext> {
  return {
    services: app.services,
    user: request.user,
    staff: request.staff,
    staffMustChangePassword: request.staffIdentity?.mustChangePassword ?? false,
    site: {
      ...(await app.services.setting.site()),
      ssoEnabled: app.config.sso !== null,
      sessionIdleMinutes: app.config.sessionIdleMinutes,
      uploadMaxBytes: app.config.uploadMaxBytes,
    },
    requestId: request.id,
    clientIp: request.ip,
    careMode: careModeOf(request.headers.cookie),
  };
}
