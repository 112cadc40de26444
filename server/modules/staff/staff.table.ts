import type { Generated } from 'kysely';

/** Bureau staff: separate accounts with roles; they never use the enterprise login. */
export interface StaffAccountTable {
  id: Generated<number>;
  loginName: string;
  /** `scrypt$N$r$p$salt$hash`, as for enterprise users. */
  passwordHash: string;
  name: string;
  phone: string | null;
  departmentId: number | null;
  /** 'active' | 'disabled' */
  status: Generated<string>;
  failedLogins: Generated<number>;
  lockedUntil: string | null;
  /** 1 after creation and after a reset: the console opens nothing but the password change. */
  mustChangePassword: Generated<number>;
  /** Sessions carry the epoch they began in; bumping it ends them all. */
  sessionEpoch: Generated<number>;
  lastLoginAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

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

export interface StaffAccountRoleTable {
  staffId: number;
  roleId: number;
}

export interface DepartmentTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  /** 'active' | 'disabled' */
  status: Generated<string>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface StaffTables {
  staffAccount: StaffAccountTable;
  staffRole: StaffRoleTable;
  staffRolePermission: StaffRolePermissionTable;
  staffAccountRole: StaffAccountRoleTable;
  department: DepartmentTable;
}
