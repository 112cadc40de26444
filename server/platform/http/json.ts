import type { FileRef } from '#contract/envelope.ts';

/** JSON columns (attachment lists and the like) are text on both databases. */
export function parseJsonArray<T = unknown>(text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export const parseFiles = (text: string | null | undefined) => parseJsonArray<FileRef>(text);
