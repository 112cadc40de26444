import type { Generated } from 'kysely';

export interface ServiceItemTable {
  id: Generated<number>;
  name: string;
  icon: string;
  url: string;
  description: string | null;
  sort: Generated<number>;
  enabled: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface ServiceItemTables {
  serviceItem: ServiceItemTable;
}
