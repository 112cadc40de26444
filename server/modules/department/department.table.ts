import type { Generated } from 'kysely';

/** The bureau's departments: where staff work and where appeals are handed to. */
export interface DepartmentTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  /** 'active' | 'disabled' */
  status: Generated<string>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface DepartmentTables {
  department: DepartmentTable;
}
