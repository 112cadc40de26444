import type { UploadResult } from '#contract/files.ts';
import type { UploadSender } from '#app/components/upload/upload-field.tsx';
import { consoleHttp } from './console-http.ts';

/** The upload field's sender for one of the console's upload calls (`files/upload`, `appeal/upload`). */
export const consoleUploader =
  (url: string): UploadSender =>
  (form, onProgress, signal) =>
    consoleHttp.upload<UploadResult>(url, form, onProgress, signal, { silent: true });
