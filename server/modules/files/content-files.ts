import type { Db } from '#server/db/database.ts';
import { UPLOAD_KEY } from '#server/platform/store/storage.ts';
import { makePublic } from './files.repository.ts';

/** The stored files a rich text links (images and links the editor made with downloadUrl). */
function keysIn(html: string): string[] {
  return Array.from(html.matchAll(/filePath=([^&"'\s<>]+)/g), (m) => {
    try {
      return decodeURIComponent(m[1]);
    } catch {
      return '';
    }
  }).filter((k) => UPLOAD_KEY.test(k));
}

/**
 * 先审后发 for files: what staff upload for content stays private (staff with content rights see it
 * in the console) until the record that names it is published; then its images and attachments
 * become public. Only staff uploads are touched: a key typed into the text cannot publish an
 * enterprise's file.
 */
export async function publishContentFiles(db: Db, html: readonly (string | null | undefined)[], refs: readonly { path: string }[] = []): Promise<void> {
  const keys = new Set([...html.flatMap((h) => (h ? keysIn(h) : [])), ...refs.map((r) => r.path).filter((k) => UPLOAD_KEY.test(k))]);
  await makePublic(db, [...keys]);
}
