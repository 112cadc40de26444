/**
 * The request fields an audit row keeps, with secrets masked (docs/console.md: never passwords, codes
 * or bank numbers). Long texts (rich text) are cut: the row says what changed, the record keeps it.
 */
const SECRET_KEY = /password|passwd|pwd|secret|token|ticket|smscode|^code$|captcha|bank|idcard|cardno/i;
const MAX_TEXT = 200;
const MAX_JSON = 4000;
export const MASK = '******';

function masked(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…（共 ${value.length} 字）` : value;
  if (Array.isArray(value)) return depth > 3 ? `[${value.length} 项]` : value.slice(0, 50).map((v) => masked(v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 3) return '{…}';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? MASK : masked(v, depth + 1)]));
  }
  return value;
}

/** The body as JSON with secrets masked, or null when there is nothing to keep. */
export function maskedChanges(body: unknown): string | null {
  if (body === null || body === undefined || typeof body !== 'object') return null;
  if (!Object.keys(body).length) return null;
  const json = JSON.stringify(masked(body, 0));
  return json.length > MAX_JSON ? `${json.slice(0, MAX_JSON)}…` : json;
}
