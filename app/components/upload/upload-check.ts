import { isAllowedExtension, UPLOAD_TYPE_MESSAGE, uploadTooLargeMessage } from '#contract/files.ts';
import type { FileRef } from '#contract/envelope.ts';

/** The checks made before a file is sent: the server checks again, by content. */
export function uploadProblem(file: { name: string; size: number }, maxBytes: number): string | null {
  if (!isAllowedExtension(file.name)) return `“${file.name}”：${UPLOAD_TYPE_MESSAGE}`;
  if (file.size > maxBytes) return `“${file.name}”：${uploadTooLargeMessage(maxBytes)}`;
  if (file.size === 0) return `“${file.name}”是空文件，请检查后重新选择`;
  return null;
}

/** Same files, same order: lets the field tell an outside change (draft, prefill) from its own echo. */
export const sameFiles = (a: readonly FileRef[], b: readonly FileRef[]) =>
  a.length === b.length && a.every((f, i) => f.path === b[i].path && f.name === b[i].name);
