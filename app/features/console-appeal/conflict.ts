import { notify } from '#app/lib/feedback.ts';
import { HttpError } from '#app/lib/http.ts';

/**
 * Someone else moved the record first (409): says so in a sentence and returns true, so that the
 * caller closes its dialog and reloads the current state instead of leaving a stale form open.
 */
export function reportConflict(err: unknown): boolean {
  if (!(err instanceof HttpError) || err.code !== 409) return false;
  notify('warning', `操作未生效：${err.message}。页面已更新为最新状态。`);
  return true;
}
