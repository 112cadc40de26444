import type { Generated } from 'kysely';

/** A role and the permissions it grants (docs/console.md "Roles"); who holds it: staff/staff.table.ts. */
export interface StaffRoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** 'system' | 'audit' | 'business' (三权分立) */
  kind: Generated<string>;
  /** 1 for the eight roles of docs/console.md: their permissions are fixed. */
  builtin: Generated<number>;
  createdAt: Generated<string>;
}

export interface StaffRolePermissionTable {
  roleId: number;
  permission: string;
}

export interface StaffRoleTables {
  staffRole: StaffRoleTable;
  staffRolePermission: StaffRolePermissionTable;
}
