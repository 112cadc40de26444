import type { Generated } from 'kysely';

/** One stored upload: the opaque key, what the uploader called it, and who may read it. */
export interface FileTable {
  id: Generated<number>;
  key: string;
  name: string;
  size: number;
  mime: string;
  enterpriseId: number | null;
  userId: number | null;
  /** The staff member who uploaded it (content attachments, templates). */
  staffId: Generated<number | null>;
  /** 1: anyone may download it (published with public content). */
  isPublic: Generated<number>;
  createdAt: Generated<string>;
}

export interface FileTables {
  file: FileTable;
}
