import type { AuthUser } from './current-user.ts';
import { forbidden } from '../http/errors.ts';

/**
 * The enterprise a customer-scoped call acts for. An account without one (e.g. made by single
 * sign-on before the user gave the enterprise details) is told what to do first.
 */
export function enterpriseOf(user: AuthUser): number {
  if (user.enterpriseId === null) throw forbidden('请先在用户中心完善企业信息，再办理企业业务');
  return user.enterpriseId;
}
