/**
 * 关怀模式 (care mode, docs/decisions.md "关怀模式"): larger text, calmer pages. The visitor's choice lives in this
 * cookie, so the server renders the page in the right mode at once (no flash) and the page cache
 * keeps the two renderings apart. Not a secret and not a session: the browser sets it itself.
 */
export const CARE_MODE_COOKIE = 'care_mode';
/** A year: the choice is a standing preference, not a visit's. */
export const CARE_MODE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Whether a Cookie header chooses care mode (`care_mode=1`). */
export function careModeOf(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && /(?:^|;\s*)care_mode=1(?:;|$)/.test(cookieHeader);
}
