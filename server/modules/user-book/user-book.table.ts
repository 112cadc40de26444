import type { Generated } from 'kysely';

/** An address-book entry a user starred. */
export interface AddressBookStarTable {
  userId: number;
  entryId: number;
  createdAt: Generated<string>;
}

/** The service commissioner (服务专员) assigned to an enterprise: an address-book entry. */
export interface EnterpriseCommissionerTable {
  enterpriseId: number;
  entryId: number;
  assignedAt: Generated<string>;
}

export interface UserBookTables {
  addressBookStar: AddressBookStarTable;
  enterpriseCommissioner: EnterpriseCommissionerTable;
}
