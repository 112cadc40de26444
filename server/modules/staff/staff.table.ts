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

/** Which roles a staff account holds (the roles themselves: staff-role/staff-role.table.ts). */
export interface StaffAccountRoleTable {
  staffId: number;
  roleId: number;
}

/** A change to an audit account waiting for an auditor (migration 0025, contract/staff-change.ts). */
export interface StaffChangeTable {
  id: Generated<number>;
  kind: string;
  /** Null while the account is still to be created. */
  staffId: number | null;
  loginName: string;
  /** The request as the administrator sent it (JSON). */
  payload: string;
  summary: string;
  status: Generated<string>;
  requestedBy: number;
  requestedAt: Generated<string>;
  decidedBy: number | null;
  decidedAt: string | null;
  reason: string | null;
}

export interface StaffTables {
  staffAccount: StaffAccountTable;
  staffAccountRole: StaffAccountRoleTable;
  staffChange: StaffChangeTable;
}
