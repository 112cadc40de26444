import { maskPhone } from '#contract/format.ts';
import type { Page } from '#contract/paging.ts';
import { STAFF_CHANGE_KIND_TEXT, type StaffChangeApproved, type StaffChangeKind, type StaffChangeListQuery, type StaffChangePending, type StaffChangeRow } from '#contract/staff-change.ts';
import type { StaffActor, StaffCreate, StaffStatus, StaffUpdate } from '#contract/staff.ts';
import type { Deps } from '#server/deps.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import { AppError, conflict, notFound } from '#server/platform/http/errors.ts';
import { toPage } from '#server/platform/http/paging.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { StaffMessageService } from '#server/modules/staff-message/staff-message.service.ts';
import * as changes from './staff-change.repository.ts';
import { countEnabledWithRole, rolesOf, type StaffRoleRef } from './staff.repository.ts';
import type { StaffService } from './staff.service.ts';

/** The administrator asking, and from where (the audit row of the request). */
export interface Requester {
  staff: StaffActor;
  client: ClientInfo;
}

const LINK = '/console/staff-changes';
const isAudit = (r: { kind: string }) => r.kind === 'audit';
const names = (roles: { name: string }[]) => roles.map((r) => r.name).join('、') || '无';

/**
 * 三权分立 at the staff accounts (docs/console.md "Roles"; contract/staff-change.ts): the system
 * administrator's writes pass through here. A change to an audit account, or one that makes or
 * unmakes an auditor, is checked as if it were applied, then queued for an auditor; the auditors
 * are told in-site (and by SMS if they chose it), every step is an audit row, and the approving
 * auditor, not the administrator, receives any one-time password. Other changes go straight on.
 */
export function createStaffChangeService({ db }: Deps, { staff, staffMessage, audit }: { staff: StaffService; staffMessage: StaffMessageService; audit: AuditService }) {
  async function request(by: Requester, kind: StaffChangeKind, target: { id: number | null; loginName: string }, payload: unknown, summary: string): Promise<StaffChangePending> {
    if ((await countEnabledWithRole(db, 'auditor')) === 0) {
      throw conflict('系统中没有启用的安全审计员来确认这项变更；第一位安全审计员须由运维人员在服务器上用 npm run staff:create 创建');
    }
    const waiting = await changes.pendingFor(db, target.loginName);
    if (waiting) throw conflict(`该账号已有一项待安全审计员确认的变更（${waiting.summary}），请等确认或驳回后再提交`);
    const id = await changes.insertChange(db, { kind, staffId: target.id, loginName: target.loginName, payload: JSON.stringify(payload), summary, requestedBy: by.staff.id });
    await audit.record({
      action: 'staff-change.request',
      actorType: 'staff',
      staffId: by.staff.id,
      loginName: by.staff.loginName,
      objectType: 'staff_change',
      objectId: String(id),
      result: 'ok',
      ip: by.client.ip,
      userAgent: by.client.userAgent,
      detail: `待安全审计员确认：${summary}`,
    });
    await staffMessage.alert({
      permission: 'audit:staff-change:decide',
      title: `待确认：${STAFF_CHANGE_KIND_TEXT[kind]}（${target.loginName}）`,
      content: `系统管理员${by.staff.name}申请：${summary}。请向本人核实后，在“账号变更确认”中确认或驳回；确认前不生效。`,
      link: LINK,
      sms: { template: 'staff_change_request', text: `系统管理员申请变更安全审计员账号 ${target.loginName}，请登录管理后台确认或驳回。` },
    });
    return { pendingChangeId: id, summary };
  }

  const who = (s: { name: string; loginName: string }) => `${s.name}（${s.loginName}）`;
  const heldAudit = (held: StaffRoleRef[]) => held.some(isAudit);
  const findHeld = (staffId: number) => rolesOf(db, [staffId]);

  function toRow(c: changes.StaffChangeRow): StaffChangeRow {
    const payload = JSON.parse(c.payload) as { phone?: string; name?: string };
    return {
      id: c.id,
      kind: c.kind as StaffChangeKind,
      staffId: c.staffId,
      loginName: c.loginName,
      name: c.staffName ?? payload.name ?? '',
      summary: c.summary,
      phone: payload.phone ?? null,
      status: c.status as StaffChangeRow['status'],
      requestedBy: c.requestedByName,
      requestedAt: c.requestedAt,
      decidedBy: c.decidedByName,
      decidedAt: c.decidedAt,
      reason: c.reason,
    };
  }

  async function apply(c: changes.StaffChangeRow): Promise<StaffChangeApproved> {
    const payload = JSON.parse(c.payload);
    const requester = { id: c.requestedBy };
    switch (c.kind as StaffChangeKind) {
      case 'create': {
        const made = await staff.create(payload as StaffCreate);
        await changes.linkStaff(db, c.id, made.id);
        return made;
      }
      case 'update':
        return { ...(await staff.update(payload as StaffUpdate)), password: null };
      case 'roles':
        return { ...(await staff.setRoles(requester, c.staffId!, (payload as { roles: string[] }).roles)), password: null };
      case 'status':
        return { ...(await staff.setStatus(requester, c.staffId!, (payload as { status: StaffStatus }).status)), password: null };
      case 'reset-password':
        return staff.resetPassword(requester, c.staffId!);
    }
  }

  async function decided(id: number): Promise<changes.StaffChangeRow> {
    const c = await changes.findChange(db, id);
    if (!c) throw notFound('该变更不存在');
    if (c.status !== 'pending') throw conflict('该变更已处理，请刷新列表');
    return c;
  }

  return {
    async create(by: Requester, req: StaffCreate): Promise<{ id: number; password: string } | StaffChangePending> {
      const roles = await staff.validateCreate(req);
      if (!roles.some(isAudit)) return staff.create(req);
      return request(by, 'create', { id: null, loginName: req.loginName }, req, `新建${names(roles.filter(isAudit))}账号 ${who(req)}，手机 ${maskPhone(req.phone)}`);
    },

    async update(by: Requester, req: StaffUpdate): Promise<{ id: number } | StaffChangePending> {
      const { staff: s, held } = await staff.validateUpdate(req);
      if (!heldAudit(held) || req.phone === s.phone) return staff.update(req);
      const also = [req.name !== s.name ? `姓名改为 ${req.name}` : '', req.departmentId !== s.departmentId ? '调整所属部门' : ''].filter(Boolean);
      const summary = `将安全审计员 ${who(s)} 的手机号由 ${maskPhone(s.phone)} 改为 ${maskPhone(req.phone)}${also.length ? `，并${also.join('、')}` : ''}`;
      return request(by, 'update', s, req, summary);
    },

    async setRoles(by: Requester, id: number, codes: string[]): Promise<{ id: number } | StaffChangePending> {
      const { staff: s, held, roles } = await staff.validateRoles(by.staff, id, codes);
      if (!heldAudit(held) && !roles.some(isAudit)) return staff.setRoles(by.staff, id, codes);
      return request(by, 'roles', s, { roles: codes }, `将 ${who(s)} 的角色由 ${names(held)} 改为 ${names(roles)}`);
    },

    async setStatus(by: Requester, id: number, status: StaffStatus): Promise<{ id: number } | StaffChangePending> {
      const s = await staff.validateStatus(by.staff, id, status);
      const held = await findHeld(s.id);
      if (!heldAudit(held)) return staff.setStatus(by.staff, id, status);
      return request(by, 'status', s, { status }, `${status === 'active' ? '启用' : '停用'}安全审计员 ${who(s)} 的账号`);
    },

    async resetPassword(by: Requester, id: number): Promise<{ id: number; password: string } | StaffChangePending> {
      const s = await staff.validateReset(by.staff, id);
      if (!heldAudit(await findHeld(s.id))) return staff.resetPassword(by.staff, id);
      return request(by, 'reset-password', s, {}, `重置安全审计员 ${who(s)} 的密码（一次性密码将显示给确认的安全审计员）`);
    },

    async list(q: StaffChangeListQuery): Promise<Page<StaffChangeRow>> {
      const { rows, total } = await changes.listChanges(db, q);
      return toPage(rows.map(toRow), total, q);
    },

    /** Applies the change; a one-time password it makes is for the approving auditor to hand over. */
    async approve(auditor: StaffActor, id: number): Promise<StaffChangeApproved> {
      const c = await decided(id);
      if (!(await changes.decide(db, id, { status: 'approved', decidedBy: auditor.id, reason: null }))) throw conflict('该变更已由其他安全审计员处理，请刷新列表');
      try {
        return await apply(c);
      } catch (err) {
        // The account changed since the request (a login name taken, a department closed ...): the
        // change is closed with the reason, and the administrator asks again if still wanted.
        if (err instanceof AppError) await changes.markFailed(db, id, err.message);
        throw err instanceof AppError ? new AppError(err.code, `该变更未能生效：${err.message}`) : err;
      }
    },

    async reject(auditor: StaffActor, id: number, reason: string): Promise<{ id: number }> {
      const c = await decided(id);
      if (!(await changes.decide(db, id, { status: 'rejected', decidedBy: auditor.id, reason }))) throw conflict('该变更已由其他安全审计员处理，请刷新列表');
      await staffMessage.alert({
        permission: 'system:staff:manage',
        title: `安全审计员驳回了变更（${c.loginName}）`,
        content: `${c.summary}：已被安全审计员${auditor.name}驳回，理由：${reason}`,
        link: '/console/staff',
        sms: { template: 'staff_change_rejected', text: `您申请的安全审计员账号变更（${c.loginName}）已被驳回，请登录管理后台查看。` },
      });
      return { id };
    },
  };
}
export type StaffChangeService = ReturnType<typeof createStaffChangeService>;
