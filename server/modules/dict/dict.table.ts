import type { Generated } from 'kysely';

export interface DictTypeTable {
  code: string;
  name: string;
}

export interface DictItemTable {
  id: Generated<number>;
  typeCode: string;
  /** The option id the API gives (`{ text, id }`) and other tables store. */
  value: string;
  text: string;
  sort: Generated<number>;
  enabled: Generated<number>;
  updatedAt: Generated<string>;
}

export interface DictTables {
  dictType: DictTypeTable;
  dictItem: DictItemTable;
}
