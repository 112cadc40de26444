import type { Generated } from 'kysely';

export interface AddressBookTable {
  id: Generated<number>;
  department: string;
  /** Orders the departments; the same for every entry of one department. */
  departmentSort: Generated<number>;
  name: string;
  phone: string;
  address: string | null;
  duties: string | null;
  sort: Generated<number>;
  /** 1 shows on the public list; 0 keeps the entry for staff only. */
  enabled: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface AddressBookTables {
  addressBook: AddressBookTable;
}
