import type { FastifyPluginAsync } from 'fastify';
import { noticeRoutes } from './notice/notice.routes.ts';
import { accessLogRoutes } from './access-log/access-log.routes.ts';
import { addressBookRoutes } from './address-book/address-book.routes.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { platformRoutes } from './platform/platform.routes.ts';
import { policyRoutes } from './policy/policy.routes.ts';
import { regionRoutes } from './region/region.routes.ts';
import { serviceItemRoutes } from './service-item/service-item.routes.ts';
import { enterpriseRoutes } from './enterprise-services.ts';
import { authPlugin } from './account/auth.plugin.ts';
import { authRoutes } from './account/auth.routes.ts';
import { accountRoutes } from './account/account.routes.ts';
import { ssoRoutes } from './account/sso.routes.ts';

/** Every domain's JSON routes, registered in this order by app.ts. */
export const moduleRoutes: FastifyPluginAsync[] = [
  // First: it fills request.user for every route after it.
  authPlugin,
  authRoutes as FastifyPluginAsync,
  accountRoutes as FastifyPluginAsync,
  ssoRoutes as FastifyPluginAsync,
  noticeRoutes as FastifyPluginAsync,
  platformRoutes as FastifyPluginAsync,
  dictRoutes as FastifyPluginAsync,
  policyRoutes as FastifyPluginAsync,
  addressBookRoutes as FastifyPluginAsync,
  serviceItemRoutes as FastifyPluginAsync,
  accessLogRoutes as FastifyPluginAsync,
  regionRoutes as FastifyPluginAsync,
  ...enterpriseRoutes,
];
