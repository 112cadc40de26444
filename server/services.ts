import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Kv } from './platform/kv.ts';
import { createNoticeService } from './modules/notice/notice.service.ts';
import { createAccessLogService } from './modules/access-log/access-log.service.ts';
import { createAddressBookService } from './modules/address-book/address-book.service.ts';
import { createDictService } from './modules/dict/dict.service.ts';
import { createPlatformService } from './modules/platform/platform.service.ts';
import { createPolicyService } from './modules/policy/policy.service.ts';
import { createRegionService } from './modules/region/region.service.ts';
import { createServiceItemService } from './modules/service-item/service-item.service.ts';
import { createEnterpriseServices } from './modules/enterprise-services.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAuthService } from './modules/account/auth.service.ts';
import { createSessionService } from './modules/account/session.service.ts';
import { createSsoService } from './modules/account/sso.service.ts';

/** What every service may use. Services are the one place where business rules live. */
export interface Deps {
  config: Config;
  db: Db;
  kv: Kv;
  log: FastifyBaseLogger;
}

/**
 * All domain services, built once per process. The JSON routes and the page loaders both call
 * these (a loader never calls the process's own API over HTTP).
 */
export function createServices(deps: Deps) {
  const platform = createPlatformService(deps);
  const dict = createDictService(deps, platform);
  const region = createRegionService();
  const sessions = createSessionService(deps);
  const core = {
    notice: createNoticeService(deps),
    platform,
    dict,
    policy: createPolicyService(deps, dict),
    addressBook: createAddressBookService(deps),
    serviceItem: createServiceItemService(deps),
    accessLog: createAccessLogService(deps),
    region,
    sessions,
    auth: createAuthService(deps, sessions),
    account: createAccountService(deps, sessions, { region, dict }),
    sso: createSsoService(deps, sessions),
  };
  return { ...core, ...createEnterpriseServices(deps, core) };
}

export type Services = ReturnType<typeof createServices>;
