import { maskPhone } from '#contract/format.ts';
import type { Page } from '#contract/paging.ts';
import type { RoleKind } from '#contract/permissions.ts';
import type { StaffActor, StaffCreate, StaffDetail, StaffListQuery, StaffRow, StaffStatus, StaffUpdate } from '#contract/staff.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/platform/http/errors.ts';
import { toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import { hashPassword } from '#server/platform/auth/password.ts';
import { findDepartmentById, findDepartmentsByIds } from '#server/modules/department/department.repository.ts';
import { findRolesByCode, type StaffRoleRow } from '#server/modules/staff-role/staff-role.repository.ts';
import { oneTimePassword } from './one-time-password.ts';
import * as repo from './staff.repository.ts';
import type { StaffGrants } from './staff-grants.ts';

/** Roles that must always have an enabled holder (三权分立: someone administers, someone audits). */
const GUARDED_ROLES: Record<string, string> = { sysadmin: '系统管理员', auditor: '安全审计员' };
const KIND_TEXT: Record<RoleKind, string> = { system: '系统管理', audit: '安全审计', business: '业务' };

/** Who asks for a change; only the id matters (nobody changes their own account here). */
type Actor = Pick<StaffActor, 'id'>;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * Staff accounts (docs/console.md "Identity", "Roles"), for system administrators. The 三权分立 rules
 * live here: one kind of role per account, nobody changes their own roles or status, the last
 * enabled sysadmin and auditor stay.
 */
export function createStaffService({ db }: Deps, grants: StaffGrants) {
  /** The roles named, all known and of one kind; a handler needs a department. */
  async function checkedRoles(codes: string[], departmentId: number | null): Promise<StaffRoleRow[]> {
    const unique = [...new Set(codes)];
    const roles = await findRolesByCode(db, unique);
    const unknown = unique.filter((c) => !roles.some((r) => r.code === c));
    if (unknown.length) throw badRequest(`角色不存在：${unknown.join('、')}`, { roles: '所选角色不存在，请刷新后重新选择' });
    const kinds = new Set(roles.map((r) => r.kind as RoleKind));
    if (kinds.size > 1) {
      const msg = `一个账号只能持有同一类角色（${[...kinds].map((k) => KIND_TEXT[k]).join('与')}类角色不能兼任，三权分立）`;
      throw badRequest(msg, { roles: msg });
    }
    if (roles.some((r) => r.code === 'handler') && departmentId === null) {
      throw badRequest('部门办理人须选择所属部门', { departmentId: '部门办理人须选择所属部门' });
    }
    return roles;
  }

  async function checkedDepartment(id: number | null): Promise<void> {
    if (id === null) return;
    const d = await findDepartmentById(db, id);
    if (!d) throw badRequest('所选部门不存在，请刷新后重新选择', { departmentId: '所选部门不存在' });
    if (d.status !== 'active') throw badRequest('所选部门已停用，请选择其他部门', { departmentId: '所选部门已停用' });
  }

  async function existing(id: number): Promise<repo.StaffAccountRow> {
    const staff = await repo.findStaffById(db, id);
    if (!staff) throw notFound('该工作人员不存在或已删除');
    return staff;
  }

  /** Refuses a change that would leave no enabled sysadmin or auditor. */
  async function keepGuardedRoles(staff: repo.StaffAccountRow, losing: string[]): Promise<void> {
    if (staff.status !== 'active') return;
    for (const code of losing) {
      if (GUARDED_ROLES[code] && (await repo.countEnabledWithRole(db, code)) <= 1) {
        throw conflict(`系统中至少要保留一名启用的${GUARDED_ROLES[code]}，请先为其他人设置该角色`);
      }
    }
  }

  async function toRows(rows: repo.StaffAccountRow[]): Promise<StaffRow[]> {
    const [roles, departments] = await Promise.all([
      repo.rolesOf(db, rows.map((r) => r.id)),
      findDepartmentsByIds(db, [...new Set(rows.map((r) => r.departmentId).filter((d): d is number => d !== null))]),
    ]);
    return rows.map((s) => {
      const d = departments.find((x) => x.id === s.departmentId);
      return {
        id: s.id,
        loginName: s.loginName,
        name: s.name,
        phone: maskPhone(s.phone),
        department: d ? { id: d.id, name: d.name } : null,
        roles: roles.filter((r) => r.staffId === s.id).map((r) => ({ code: r.code, name: r.name, kind: r.kind })),
        status: s.status as StaffStatus,
        mustChangePassword: s.mustChangePassword === 1,
        lockedUntil: s.lockedUntil && Date.parse(s.lockedUntil) > Date.now() ? s.lockedUntil : null,
        lastLoginAt: s.lastLoginAt,
        createdAt: s.createdAt,
      };
    });
  }

  return {
    async list(q: StaffListQuery): Promise<Page<StaffRow>> {
      const { rows, total } = await repo.listStaff(db, q);
      return toPage(await toRows(rows), total, q);
    },

    async detail(id: number): Promise<StaffDetail> {
      const staff = await existing(id);
      const [row] = await toRows([staff]);
      return { ...row, phone: staff.phone ?? '', departmentId: staff.departmentId };
    },

    /** The checks a new account must pass (also before it is queued for an auditor's confirmation). */
    async validateCreate(req: StaffCreate): Promise<StaffRoleRow[]> {
      await checkedDepartment(req.departmentId);
      const roles = await checkedRoles(req.roles, req.departmentId);
      if (await repo.findStaffByLoginName(db, req.loginName)) throw conflict(`登录账号“${req.loginName}”已被使用，请换一个`);
      return roles;
    },

    /** A new account with a one-time password (shown once; changed at the first sign-in). */
    async create(req: StaffCreate): Promise<{ id: number; password: string }> {
      const roles = await this.validateCreate(req);
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      try {
        const id = await db.transaction().execute(async (trx) => {
          const staffId = await repo.insertStaff(trx, { ...req, passwordHash, mustChangePassword: true });
          await repo.setStaffRoles(trx, staffId, roles.map((r) => r.id));
          return staffId;
        });
        return { id, password };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`登录账号“${req.loginName}”已被使用，请换一个`);
        throw err;
      }
    },

    /** The checks a change of name, phone and department must pass; the account and its roles. */
    async validateUpdate(req: StaffUpdate): Promise<{ staff: repo.StaffAccountRow; held: repo.StaffRoleRef[] }> {
      const staff = await existing(req.id);
      await checkedDepartment(req.departmentId);
      const held = await repo.rolesOf(db, [staff.id]);
      if (held.some((r) => r.code === 'handler') && req.departmentId === null) {
        throw badRequest('部门办理人须选择所属部门', { departmentId: '部门办理人须选择所属部门' });
      }
      return { staff, held };
    },

    async update(req: StaffUpdate): Promise<{ id: number }> {
      const { staff } = await this.validateUpdate(req);
      await repo.updateStaff(db, staff.id, { name: req.name, phone: req.phone, departmentId: req.departmentId });
      await grants.changed();
      return { id: staff.id };
    },

    /** The checks a change of roles must pass: the roles it takes away and the ones it gives. */
    async validateRoles(actor: Actor, id: number, codes: string[]): Promise<{ staff: repo.StaffAccountRow; held: repo.StaffRoleRef[]; roles: StaffRoleRow[] }> {
      if (id === actor.id) throw forbidden('不能修改自己的角色，请由其他系统管理员调整');
      const staff = await existing(id);
      const roles = await checkedRoles(codes, staff.departmentId);
      const held = await repo.rolesOf(db, [id]);
      await keepGuardedRoles(staff, held.map((r) => r.code).filter((c) => !roles.some((r) => r.code === c)));
      return { staff, held, roles };
    },

    async setRoles(actor: Actor, id: number, codes: string[]): Promise<{ id: number }> {
      const { roles } = await this.validateRoles(actor, id, codes);
      await db.transaction().execute((trx) => repo.setStaffRoles(trx, id, roles.map((r) => r.id)));
      await grants.changed();
      return { id };
    },

    /** The checks a change of status must pass. */
    async validateStatus(actor: Actor, id: number, status: StaffStatus): Promise<repo.StaffAccountRow> {
      if (id === actor.id) throw forbidden('不能停用或启用自己的账号');
      const staff = await existing(id);
      if (staff.status === status) throw conflict(status === 'active' ? '该账号已是启用状态' : '该账号已是停用状态');
      if (status === 'disabled') await keepGuardedRoles(staff, (await repo.rolesOf(db, [id])).map((r) => r.code));
      return staff;
    },

    async setStatus(actor: Actor, id: number, status: StaffStatus): Promise<{ id: number }> {
      await this.validateStatus(actor, id, status);
      if (status === 'disabled') await repo.bumpEpoch(db, id);
      await repo.updateStaff(db, id, { status });
      await grants.changed();
      return { id };
    },

    /** A new one-time password; the person must change it at the next sign-in, and every session ends. */
    /** The account a reset is for (not one's own). */
    async validateReset(actor: Actor, id: number): Promise<repo.StaffAccountRow> {
      if (id === actor.id) throw forbidden('不能重置自己的密码，请在“修改密码”中修改');
      return existing(id);
    },

    async resetPassword(actor: Actor, id: number): Promise<{ id: number; password: string }> {
      const staff = await this.validateReset(actor, id);
      const password = oneTimePassword();
      await repo.updateStaff(db, staff.id, { passwordHash: await hashPassword(password), mustChangePassword: 1, failedLogins: 0, lockedUntil: null });
      await repo.bumpEpoch(db, staff.id);
      await grants.changed();
      return { id, password };
    },

    async unlock(id: number): Promise<{ id: number }> {
      const staff = await existing(id);
      if (!staff.lockedUntil || Date.parse(staff.lockedUntil) <= Date.now()) throw conflict('该账号当前未被锁定');
      await repo.updateStaff(db, id, { failedLogins: 0, lockedUntil: null });
      return { id };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
