import { maskPhone } from '#contract/format.ts';
import { MASK } from '#server/modules/audit/audit-mask.ts';
import type { ForgotPasswordRequest, LoginRequest, RegistryRequest, SmsRequest } from '#contract/account.ts';
import { badRequest, conflict, forbidden } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './account.repository.ts';
import { audit } from './account-audit.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import { createCaptcha } from '../../platform/auth/captcha.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../../platform/auth/password.ts';
import { tooMany } from '../../platform/http/rate-limit.ts';
import type { Session, SessionService } from './session.service.ts';
import { createSmsCodes, createSmsDriver, type SmsDriver } from '../../platform/sms/sms.ts';

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;

function lockedError(until: number) {
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooMany(`密码连续错误 ${LOCK_AFTER_FAILURES} 次，账号已锁定，请 ${minutes} 分钟后再试`, seconds);
}

function wrongPassword(failures: number) {
  const left = LOCK_AFTER_FAILURES - failures;
  return badRequest(`账号或密码错误，再错 ${left} 次账号将锁定 ${LOCK_MINUTES} 分钟`);
}

/** Checks a new password beyond the shared format rule: not a common one (the rule itself is zod's). */
export function assertAcceptablePassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}

/**
 * The account a failed sign-in tried, as its audit row keeps it: masked as phones are shown
 * (138****0000), since whatever was typed there may be someone's number or, mistyped, a password.
 */
function attempted(loginName: string): string {
  return loginName.length === 11 ? maskPhone(loginName) : MASK;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** Registration, login, password reset: the rules of docs/product.md §5 and docs/decisions.md "Accounts and sessions". */
export function createAuthService(deps: Deps, sessions: SessionService, smsDriver?: SmsDriver) {
  const { config, db, kv, log } = deps;
  const captcha = createCaptcha(kv, config.devFixedCodes);
  const sms = createSmsCodes(kv, smsDriver ?? createSmsDriver(config, log), config.devFixedCodes, log);
  const lockMs = LOCK_MINUTES * 60_000;

  /** Unknown login names fail exactly like known ones (counted in kv), so replies tell nothing. */
  async function failUnknown(loginName: string): Promise<never> {
    const lockKey = `login:lock:${loginName}`;
    const n = await kv.incr(`login:fail:${loginName}`, LOCK_MINUTES * 60);
    if (n >= LOCK_AFTER_FAILURES) {
      await kv.del(`login:fail:${loginName}`);
      await kv.set(lockKey, String(Date.now() + lockMs), LOCK_MINUTES * 60);
      throw lockedError(Date.now() + lockMs);
    }
    throw wrongPassword(n);
  }

  return {
    captcha,

    async sendSms(req: SmsRequest): Promise<void> {
      await captcha.check(req.uuid, req.code);
      const registered = !!(await repo.findUserByPhone(db, req.phone));
      await sms.issue(req.phone, req.scene, req.scene === 'register' ? !registered : registered);
    },

    async register(req: RegistryRequest, client: ClientInfo): Promise<void> {
      assertAcceptablePassword(req.password);
      const existing = await repo.findEnterpriseByUscc(db, req.uscc);
      if (existing && existing.name !== req.enterpriseName) {
        const msg = '该统一社会信用代码已登记的企业名称与填写的不一致，请按营业执照填写企业全称';
        throw badRequest(msg, { enterpriseName: msg });
      }
      await sms.verify(req.phone, 'register', req.smsCode);
      if (await repo.findUserByPhone(db, req.phone)) throw conflict('该手机号已注册，请直接登录');
      const passwordHash = await hashPassword(req.password);
      let userId: number;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const ent = await repo.findEnterpriseByUscc(trx, req.uscc);
          const enterpriseId =
            ent?.id ?? (await repo.insertEnterprise(trx, { name: req.enterpriseName, uscc: req.uscc, contactName: req.contactName, contactPhone: req.phone }));
          return repo.insertUser(trx, { phone: req.phone, passwordHash, nickName: req.contactName, enterpriseId });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('该手机号或企业刚刚完成注册，请稍后直接登录或重试');
        throw err;
      }
      await audit(db, client, 'register', { userId, loginName: req.phone });
    },

    async login(req: LoginRequest, client: ClientInfo): Promise<Session> {
      await captcha.check(req.uuid, req.code);
      const loginName = req.loginName;
      const user = await repo.findUserByPhone(db, loginName);
      if (!user) {
        const lockedUntil = Number(await kv.get(`login:lock:${loginName}`));
        if (lockedUntil > Date.now()) throw lockedError(lockedUntil);
        await verifyPassword(req.password, null);
        await audit(db, client, 'login_failed', { loginName: attempted(loginName), detail: '账号不存在' });
        return failUnknown(loginName);
      }
      if (user.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) {
        await audit(db, client, 'login_failed', { userId: user.id, loginName: attempted(loginName), detail: '账号锁定中' });
        throw lockedError(Date.parse(user.lockedUntil));
      }
      if (!(await verifyPassword(req.password, user.passwordHash))) {
        const failures = await repo.countFailedLogin(db, user.id);
        if (failures >= LOCK_AFTER_FAILURES) {
          const until = Date.now() + lockMs;
          await repo.updateUser(db, user.id, { failedLogins: 0, lockedUntil: new Date(until).toISOString() });
          await audit(db, client, 'lock', { userId: user.id, loginName: attempted(loginName), detail: `密码连续错误 ${failures} 次，锁定 ${LOCK_MINUTES} 分钟` });
          throw lockedError(until);
        }
        await audit(db, client, 'login_failed', { userId: user.id, loginName: attempted(loginName), detail: `密码错误（连续第 ${failures} 次）` });
        throw wrongPassword(failures);
      }
      if (user.status !== 'active') {
        await audit(db, client, 'login_failed', { userId: user.id, loginName: attempted(loginName), detail: '账号已停用' });
        throw forbidden('该账号已停用，请联系平台管理员');
      }
      const changes: Parameters<typeof repo.updateUser>[2] = {};
      if (user.failedLogins || user.lockedUntil) Object.assign(changes, { failedLogins: 0, lockedUntil: null });
      if (user.passwordHash && needsRehash(user.passwordHash)) changes.passwordHash = await hashPassword(req.password);
      if (Object.keys(changes).length) await repo.updateUser(db, user.id, changes);
      await audit(db, client, 'login', { userId: user.id, loginName });
      return sessions.start(user);
    },

    async resetPassword(req: ForgotPasswordRequest, client: ClientInfo): Promise<void> {
      assertAcceptablePassword(req.password);
      await sms.verify(req.phone, 'reset', req.smsCode);
      const user = await repo.findUserByPhone(db, req.phone);
      // No code is ever sent to an unregistered phone, so this is only a race with a deletion.
      if (!user) throw badRequest('短信验证码错误或已失效，请重新获取', { smsCode: '短信验证码错误或已失效' });
      await repo.updateUser(db, user.id, { passwordHash: await hashPassword(req.password), failedLogins: 0, lockedUntil: null });
      await kv.del(`login:lock:${req.phone}`, `login:fail:${req.phone}`);
      await sessions.endAllFor(user.id);
      await audit(db, client, 'password_reset', { userId: user.id, loginName: user.phone });
    },

    /** Ends the session of the given access or refresh token (whichever the request carries). */
    async logout(family: string | null, userId: number | null, client: ClientInfo): Promise<void> {
      if (family) await sessions.end(family);
      if (family || userId) await audit(db, client, 'logout', { userId });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
