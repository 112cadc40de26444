import { reindexAll } from '#server/modules/search/search.indexer.ts';
import type { Db } from '../database.ts';

/** Synonyms and abbreviations visitors type for what the bureau's texts spell out (editors keep them in the console). */
const SYNONYMS: readonly (readonly string[])[] = [
  ['高企', '高新技术企业'],
  ['小巨人', '专精特新“小巨人”'],
  ['专精特新', '专精特新中小企业'],
  ['综保区', '综合保税区'],
  ['跨境电商', '跨境电子商务'],
  ['免申即享', '免申即兑'],
  ['社保', '社会保险'],
  ['公积金', '住房公积金'],
  ['外贸', '对外贸易'],
  ['补贴', '补助', '资助'],
];

/** The starting synonyms, then (unless `index` is false) the index over everything the seed made public. */
export async function seedSearch(db: Db, index: boolean): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('searchSynonym')
    .values(SYNONYMS.map((words) => ({ words: JSON.stringify(words), updatedBy: null, updatedAt })))
    .execute();
  if (index) await reindexAll(db);
}
