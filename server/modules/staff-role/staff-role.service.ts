import { PERMISSION_KIND, type Permission, type RoleKind } from '#contract/permissions.ts';
import type { RoleRow, RoleSave } from '#contract/staff.ts';
import { badRequest, conflict, notFound } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import type { StaffGrants } from '#server/modules/staff/staff-grants.ts';
import * as repo from './staff-role.repository.ts';

const BUILTIN_FIXED = '内置角色的权限由系统规定（三权分立），不能修改或删除；如需不同的权限组合，请新建角色';

/**
 * Roles (docs/console.md "Roles"). The eight built-in ones are fixed; a system administrator may add
 * business roles from the catalogue's business permissions, so that no role ever mixes kinds.
 */
export function createStaffRoleService({ db }: Deps, grants: StaffGrants) {
  return {
    async list(): Promise<RoleRow[]> {
      const rows = await repo.listRoles(db);
      return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind as RoleKind, builtin: r.builtin === 1, permissions: r.permissions, staffCount: r.staffCount }));
    },

    async save(req: RoleSave): Promise<{ id: number }> {
      const role = req.id === null ? null : await repo.findRoleById(db, req.id);
      if (req.id !== null && !role) throw notFound('该角色不存在或已删除');
      if (role?.builtin === 1) throw conflict(BUILTIN_FIXED);
      const permissions = [...new Set(req.permissions)] as Permission[];
      if (permissions.some((p) => PERMISSION_KIND[p] !== 'business')) {
        const msg = '自定义角色只能包含业务权限：系统管理与安全审计权限只属于内置的系统管理员和安全审计员';
        throw badRequest(msg, { permissions: msg });
      }
      if (!role) {
        if (await repo.findRoleByCode(db, req.code)) throw conflict(`角色编码“${req.code}”已被使用，请换一个`);
        const id = await db.transaction().execute((trx) => repo.insertRole(trx, { code: req.code, name: req.name, kind: 'business' }, permissions));
        return { id };
      }
      if (role.code !== req.code) throw badRequest('角色编码创建后不能修改', { code: '角色编码创建后不能修改' });
      await db.transaction().execute((trx) => repo.updateRole(trx, role.id, { name: req.name, kind: 'business' }, permissions));
      await grants.changed();
      return { id: role.id };
    },

    async remove(id: number): Promise<{ id: number }> {
      const role = await repo.findRoleById(db, id);
      if (!role) throw notFound('该角色不存在或已删除');
      if (role.builtin === 1) throw conflict(BUILTIN_FIXED);
      const holders = await repo.countHolders(db, id);
      if (holders) throw conflict(`仍有 ${holders} 名工作人员持有该角色，请先调整他们的角色再删除`);
      await db.transaction().execute((trx) => repo.deleteRole(trx, id));
      await grants.changed();
      return { id };
    },
  };
}
export type StaffRoleService = ReturnType<typeof createStaffRoleService>;
