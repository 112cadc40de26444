import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConsoleLoginReply, ConsoleLoginRequest, ConsolePasswordRequest, ConsoleVerifyRequest, StaffActor } from '#contract/staff.ts';
import type { Permission } from '#contract/permissions.ts';
import { maskPhone } from '#contract/format.ts';
import { badRequest, forbidden } from '#server/platform/http/errors.ts';
import { OutageError } from '#server/platform/outage.ts';
import type { Deps } from '#server/deps.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import { assertAcceptablePassword, LOCK_AFTER_FAILURES, LOCK_MINUTES } from '#server/modules/account/auth.service.ts';
import type { Captcha } from '#server/platform/auth/captcha.ts';
import { hashPassword, needsRehash, verifyPassword } from '#server/platform/auth/password.ts';
import { tooMany } from '#server/platform/http/rate-limit.ts';
import { createSmsDriver, FIXED_SMS_CODE, SMS_MAX_TRIES, SMS_TTL_SECONDS, type SmsDriver } from '#server/platform/sms/sms.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import * as repo from '#server/modules/staff/staff.repository.ts';
import type { StaffGrants } from '#server/modules/staff/staff-grants.ts';
import { findDepartmentById } from '#server/modules/department/department.repository.ts';
import { CONSOLE_IDLE_MINUTES, createConsoleSessions, type ConsoleTokens } from './console-session.ts';

/** What the second step needs, kept in the kv store for the life of the SMS code. */
interface Ticket {
  staffId: number;
  code: string;
  tries: number;
}
const ticketKey = (ticket: string) => `console:mfa:${ticket}`;
const lockKey = (loginName: string) => `console:lock:${loginName}`;
const failKey = (loginName: string) => `console:fail:${loginName}`;

export interface ConsoleIdentity {
  actor: StaffActor;
  sid: string;
  mustChangePassword: boolean;
}

const TICKET_GONE = '登录步骤已失效，请重新输入账号和密码';

function lockedError(until: number) {
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  return tooMany(`连续错误 ${LOCK_AFTER_FAILURES} 次，账号已锁定，请 ${Math.ceil(seconds / 60)} 分钟后再试`, seconds);
}

/** The sign-in events the console writes itself (route rows are named by the console's hook). */
export const STAFF_AUTH_AUDIT_ACTIONS = ['staff.login', 'staff.login_failed', 'staff.lock', 'staff.logout'] as const;
type StaffAuthAuditAction = (typeof STAFF_AUTH_AUDIT_ACTIONS)[number];

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Staff sign-in with two factors (password + image captcha, then an SMS code to the staff phone),
 * lockout, sessions with the idle limit, the forced password change (docs/console.md "Identity").
 */
export function createConsoleAuthService(
  deps: Deps,
  { audit, captcha, grants, smsDriver }: { audit: AuditService; captcha: Captcha; grants: StaffGrants; smsDriver?: SmsDriver },
) {
  const { config, db, kv, log } = deps;
  const sessions = createConsoleSessions(kv, config.tokenSecret);
  const sms = smsDriver ?? createSmsDriver(config, log);
  const lockMs = LOCK_MINUTES * 60_000;

  const event = (client: ClientInfo, action: StaffAuthAuditAction, who: { staffId?: number | null; loginName: string }, result: 'ok' | 'failed' | 'denied', detail?: string) =>
    audit.record({
      action,
      actorType: 'staff',
      staffId: who.staffId ?? null,
      loginName: who.loginName,
      objectType: 'staff',
      objectId: who.staffId ? String(who.staffId) : null,
      result,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: detail ?? null,
    });

  /** One more failure (wrong password or wrong code); the fifth locks the account. */
  async function fail(staff: repo.StaffAccountRow, client: ClientInfo, what: string): Promise<never> {
    const failures = await repo.countFailedStaffLogin(db, staff.id);
    if (failures >= LOCK_AFTER_FAILURES) {
      const until = Date.now() + lockMs;
      await repo.updateStaff(db, staff.id, { failedLogins: 0, lockedUntil: new Date(until).toISOString() });
      await event(client, 'staff.lock', { staffId: staff.id, loginName: staff.loginName }, 'failed', `${what}，连续错误 ${failures} 次，锁定 ${LOCK_MINUTES} 分钟`);
      throw lockedError(until);
    }
    await event(client, 'staff.login_failed', { staffId: staff.id, loginName: staff.loginName }, 'failed', `${what}（连续第 ${failures} 次）`);
    const left = LOCK_AFTER_FAILURES - failures;
    throw what === '密码错误'
      ? badRequest(`账号或密码错误，再错 ${left} 次账号将锁定 ${LOCK_MINUTES} 分钟`)
      : badRequest(`短信验证码不正确，再错 ${left} 次账号将锁定 ${LOCK_MINUTES} 分钟`, { smsCode: '短信验证码不正确' });
  }

  /** Unknown login names fail like known ones (counted in kv), so replies tell nothing. */
  async function failUnknown(loginName: string, client: ClientInfo): Promise<never> {
    await event(client, 'staff.login_failed', { loginName }, 'failed', '账号不存在');
    const n = await kv.incr(failKey(loginName), LOCK_MINUTES * 60);
    if (n >= LOCK_AFTER_FAILURES) {
      await kv.del(failKey(loginName));
      await kv.set(lockKey(loginName), String(Date.now() + lockMs), LOCK_MINUTES * 60);
      throw lockedError(Date.now() + lockMs);
    }
    throw badRequest(`账号或密码错误，再错 ${LOCK_AFTER_FAILURES - n} 次账号将锁定 ${LOCK_MINUTES} 分钟`);
  }

  function assertUnlocked(staff: repo.StaffAccountRow) {
    if (staff.lockedUntil && Date.parse(staff.lockedUntil) > Date.now()) throw lockedError(Date.parse(staff.lockedUntil));
  }

  /** An account as the console gate needs it: its state, session epoch, roles and permissions. */
  async function readGrants(staffId: number) {
    const staff = await repo.findStaffById(db, staffId);
    if (!staff) return null;
    const [roles, permissions, department] = await Promise.all([
      repo.rolesOf(db, [staffId]),
      repo.permissionsOf(db, staffId),
      staff.departmentId ? findDepartmentById(db, staff.departmentId) : undefined,
    ]);
    const actor: StaffActor = {
      id: staff.id,
      loginName: staff.loginName,
      name: staff.name,
      departmentId: staff.departmentId,
      departmentName: department?.name ?? null,
      roles: roles.map((r) => r.code),
      permissions: permissions as Permission[],
    };
    return { actor, active: staff.status === 'active', sessionEpoch: staff.sessionEpoch, mustChangePassword: staff.mustChangePassword === 1 };
  }

  /** The actor of a live account whose sessions of `epoch` still count; else null. Kept in the process until the grants change. */
  async function actorOf(staffId: number, epoch: number): Promise<{ actor: StaffActor; mustChangePassword: boolean } | null> {
    const found = await grants.of(staffId, () => readGrants(staffId));
    if (!found || !found.active || found.sessionEpoch !== epoch) return null;
    return { actor: found.actor, mustChangePassword: found.mustChangePassword };
  }

  return {
    sessions,

    /** Step 1: password and image captcha. Right: an SMS code goes to the staff phone. */
    async login(req: ConsoleLoginRequest, client: ClientInfo): Promise<ConsoleLoginReply> {
      await captcha.check(req.uuid, req.code);
      const staff = await repo.findStaffByLoginName(db, req.loginName);
      if (!staff) {
        const lockedUntil = Number(await kv.get(lockKey(req.loginName)));
        if (lockedUntil > Date.now()) throw lockedError(lockedUntil);
        await verifyPassword(req.password, null);
        return failUnknown(req.loginName, client);
      }
      if (staff.lockedUntil && Date.parse(staff.lockedUntil) > Date.now()) {
        await event(client, 'staff.login_failed', { staffId: staff.id, loginName: staff.loginName }, 'failed', '账号锁定中');
        assertUnlocked(staff);
      }
      if (!(await verifyPassword(req.password, staff.passwordHash))) return fail(staff, client, '密码错误');
      if (staff.status !== 'active') {
        await event(client, 'staff.login_failed', { staffId: staff.id, loginName: staff.loginName }, 'failed', '账号已停用');
        throw forbidden('该账号已停用，请联系系统管理员');
      }
      if (!staff.phone) throw forbidden('该账号未登记手机号，无法接收登录验证码，请联系系统管理员');
      if (needsRehash(staff.passwordHash)) await repo.updateStaff(db, staff.id, { passwordHash: await hashPassword(req.password) });
      const ticket = randomBytes(24).toString('base64url');
      const code = config.devFixedCodes ? FIXED_SMS_CODE : String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0');
      await kv.set(ticketKey(ticket), JSON.stringify({ staffId: staff.id, code, tries: 0 } satisfies Ticket), SMS_TTL_SECONDS);
      try {
        await sms.send({ phone: staff.phone, scene: 'staff_login', code, minutes: SMS_TTL_SECONDS / 60 });
      } catch (err) {
        await kv.del(ticketKey(ticket));
        log.error({ err: err instanceof Error ? err.message : String(err), phone: maskPhone(staff.phone) }, 'SMS gateway failed');
        throw new OutageError('sms', '短信暂时无法发送，请稍后重新获取验证码', { cause: err });
      }
      return { mfa: 'sms', ticket, phone: maskPhone(staff.phone) };
    },

    /** Step 2: the SMS code. Right: a session starts. */
    async verify(req: ConsoleVerifyRequest, client: ClientInfo): Promise<ConsoleTokens> {
      const raw = await kv.get(ticketKey(req.ticket));
      if (!raw) throw badRequest(TICKET_GONE, { ticket: TICKET_GONE });
      const t = JSON.parse(raw) as Ticket;
      const staff = await repo.findStaffById(db, t.staffId);
      if (!staff || staff.status !== 'active') throw forbidden('该账号已停用，请联系系统管理员');
      assertUnlocked(staff);
      if (!sameCode(req.smsCode, t.code)) {
        const tries = t.tries + 1;
        if (tries >= SMS_MAX_TRIES) await kv.del(ticketKey(req.ticket));
        else await kv.set(ticketKey(req.ticket), JSON.stringify({ ...t, tries }), Math.max(1, await kv.ttl(ticketKey(req.ticket))));
        return fail(staff, client, '短信验证码错误');
      }
      // take() makes the check-and-spend single: two parallel requests cannot both use it.
      if (!(await kv.take(ticketKey(req.ticket)))) throw badRequest(TICKET_GONE, { ticket: TICKET_GONE });
      await repo.updateStaff(db, staff.id, { failedLogins: 0, lockedUntil: null, lastLoginAt: new Date().toISOString() });
      await event(client, 'staff.login', { staffId: staff.id, loginName: staff.loginName }, 'ok');
      return sessions.start(staff.id, staff.sessionEpoch);
    },

    /** The person behind an access token (renewing the idle limit), or null. */
    async authenticate(token: string): Promise<ConsoleIdentity | null> {
      const claims = await sessions.authenticate(token);
      if (!claims) return null;
      const found = await actorOf(claims.staffId, claims.epoch);
      return found ? { ...found, sid: claims.sid } : null;
    },

    /** A new token pair; null when the session is over. A replayed token ends the session. */
    async refresh(refreshToken: string, client: ClientInfo): Promise<(ConsoleTokens & ConsoleIdentity) | null> {
      const res = await sessions.rotate(refreshToken);
      if (!res) return null;
      if ('reused' in res) {
        const staff = await repo.findStaffById(db, res.reused);
        await event(client, 'staff.logout', { staffId: res.reused, loginName: staff?.loginName ?? '' }, 'denied', '刷新令牌被重复使用，已注销该会话');
        return null;
      }
      const found = await actorOf(res.staffId, res.epoch);
      if (!found) {
        await sessions.end(res.sid);
        return null;
      }
      return { ...res, ...found };
    },

    async logout(sid: string | null, actor: StaffActor | null, client: ClientInfo): Promise<void> {
      if (sid) await sessions.end(sid);
      if (actor) await event(client, 'staff.logout', { staffId: actor.id, loginName: actor.loginName }, 'ok');
    },

    /** Own password: every other session ends; this browser gets a new one. The route's audit row records it. */
    async changePassword(actor: StaffActor, req: ConsolePasswordRequest): Promise<ConsoleTokens> {
      const staff = await repo.findStaffById(db, actor.id);
      if (!staff) throw forbidden('该账号已停用，请联系系统管理员');
      if (!(await verifyPassword(req.oldPassword, staff.passwordHash))) throw badRequest('原密码不正确', { oldPassword: '原密码不正确' });
      assertAcceptablePassword(req.newPassword, 'newPassword');
      if (req.newPassword.toLowerCase().includes(staff.loginName.toLowerCase())) {
        throw badRequest('密码不能包含登录账号', { newPassword: '密码不能包含登录账号' });
      }
      await repo.updateStaff(db, staff.id, { passwordHash: await hashPassword(req.newPassword), mustChangePassword: 0 });
      await repo.bumpEpoch(db, staff.id);
      await grants.changed();
      return sessions.start(staff.id, staff.sessionEpoch + 1);
    },

    /** `GET /console/api/auth/me`, and the console layout's header. */
    async me(actor: StaffActor) {
      const [staff, roles] = await Promise.all([repo.findStaffById(db, actor.id), repo.rolesOf(db, [actor.id])]);
      const department = staff?.departmentId ? await findDepartmentById(db, staff.departmentId) : undefined;
      return {
        id: actor.id,
        loginName: actor.loginName,
        name: actor.name,
        department: department ? { id: department.id, name: department.name } : null,
        roles: actor.roles,
        roleNames: roles.map((r) => r.name),
        permissions: actor.permissions,
        mustChangePassword: staff?.mustChangePassword === 1,
        idleMinutes: CONSOLE_IDLE_MINUTES,
      };
    },
  };
}
export type ConsoleAuthService = ReturnType<typeof createConsoleAuthService>;
