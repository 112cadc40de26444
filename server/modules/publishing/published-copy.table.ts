/** The last published version of a notice or policy (migration 0081): its stored fields as JSON. */
export interface PublishedCopyTable {
  /** contract/publishing.ts ContentKind */
  kind: string;
  recordId: number;
  copy: string;
  copiedAt: string;
}

export interface PublishedCopyTables {
  publishedCopy: PublishedCopyTable;
}
