import type { Generated } from 'kysely';

/**
 * A 常用语 (migration 0080): in one staff member's list (`staffId`) or in a department's shared
 * list (`departmentId`), never both; `kind` is contract/phrase.ts PHRASE_KIND.
 */
export interface PhraseTable {
  id: Generated<number>;
  kind: string;
  staffId: number | null;
  departmentId: number | null;
  text: string;
  createdAt: string;
  updatedAt: string;
}

export interface PhraseTables {
  phrase: PhraseTable;
}
