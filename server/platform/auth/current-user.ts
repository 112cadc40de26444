import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';

/**
 * Who is making the request. Filled by the accounts module's auth hook from the
 * `web_access_token` cookie or `Authorization: Bearer`; null for a visitor.
 */
export interface AuthUser {
  userId: number;
  enterpriseId: number | null;
  nickName: string;
  /** Permission strings of the permission catalogue (contract/permissions.ts); empty for enterprise users. */
  permissions: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** onRequest hook for calls that need an account, so that it runs before validation: an anonymous call gets 401 with a sentence the user can act on, whatever its body. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized('请先登录后再操作');
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('请先登录后再操作');
  return request.user;
}
