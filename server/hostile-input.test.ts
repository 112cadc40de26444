import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_CAPTCHA } from '#server/platform/auth/captcha.ts';
import { FIXED_SMS_CODE } from '#server/platform/sms/sms.ts';
import { signUpAndLogin, TEST_PASSWORD, uniqueAddress, validUscc } from '#tests/helpers/auth.ts';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { createTestApp, testDatabases, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Every call of the API under hostile input (docs/decisions.md "Every call refuses hostile input
 * with a sentence"). The OpenAPI document, made from the same zod schemas that validate requests,
 * lists every call with its body, query and path. Each call gets a plausible request made from its
 * schema, then that request with one field at a time (nested ones too) turned hostile: a value of
 * the wrong type, out of range for the database (an id past PostgreSQL's integer), too long, a NUL
 * character (which PostgreSQL refuses in text), markup, or the field left out; and bodies that are
 * not the object asked for. The enterprise calls go with an enterprise's session, the console's with
 * staff holding every role. None may answer 5xx; a refusal is the envelope with a sentence in
 * Chinese and nothing of the server's internals.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  body: JsonSchema | null;
  query: { name: string; schema: JsonSchema }[];
  pathParams: { name: string; schema: JsonSchema }[];
}

/** Candidates for a string with a pattern: the first the pattern and bounds accept is used. */
const PATTERNED = ['abc123', '2026-01-05', '310000', '123456', 'abcdefgh-1234', '/notice', '13800138000', '2026-12-01T08:00:00+08:00', 'https://example.cn/a', 'a'];

/** An id that no row has and every column holds (PostgreSQL's integer ends at 2,147,483,647). */
const NO_ROW = 2_147_483_000;

/** A password of the §5 rule other than the test accounts' own. */
const OTHER_PASSWORD = `${TEST_PASSWORD}1`;

const NAMED: Record<string, unknown> = {
  phone: '13800138000',
  contactPhone: '13800138000',
  uscc: validUscc(11),
  email: 'a@example.cn',
  password: TEST_PASSWORD,
  oldPassword: TEST_PASSWORD,
  newPassword: OTHER_PASSWORD,
  confirmPassword: OTHER_PASSWORD,
  code: FIXED_CAPTCHA,
  smsCode: FIXED_SMS_CODE,
};

function first(s: JsonSchema): JsonSchema {
  const options = s.anyOf ?? s.oneOf;
  return options ? first(options.find((o) => o.type !== 'null') ?? options[0]) : s;
}

function typeOf(s: JsonSchema): string | undefined {
  const t = first(s).type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
}

/** A value the schema accepts, where it can tell: a request that gets past validation reaches the service. */
function sample(s: JsonSchema, name = ''): unknown {
  s = first(s);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (name in NAMED) return NAMED[name];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return s.items ? [sample(s.items, name.replace(/s$/, ''))] : [];
    case 'integer':
    case 'number':
      if (/^ids?$|Id$/.test(name)) return Math.min(NO_ROW, s.maximum ?? NO_ROW);
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    default: {
      const min = s.minLength ?? 1;
      const max = s.maxLength ?? 1000;
      if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        const fit = PATTERNED.find((c) => re.test(c) && c.length >= min && c.length <= max);
        if (fit) return fit;
      }
      return '测'.repeat(Math.min(Math.max(min, 2), max));
    }
  }
}

/** What one field is turned into, by the kind of value the schema wants there. */
function hostileValues(s: JsonSchema): unknown[] {
  const wrongType = [{ $ne: 1 }, ['x'], true, null];
  const t = typeOf(s);
  if (t === 'integer' || t === 'number') return [...wrongType, 'abc', 2_147_483_648, 9_007_199_254_740_991, -1, 0, 1.5, 1e308];
  if (t === 'string') return [...wrongType, 123, '', '   ', '\u0000', 'a\u0000b', 'x'.repeat(100_000), '<img src=x onerror=alert(1)>', "' or 1=1 --", '../../etc/passwd', '𠮷😀'];
  if (t === 'array') return [...wrongType, 'x', [null], [{}], Array.from({ length: 10_000 }, () => 1)];
  if (t === 'boolean') return [...wrongType, 'true', 1];
  return [...wrongType, 'x', 1];
}

/** Query and path values: strings on the wire. */
const HOSTILE_TEXT = ['abc', '', '-1', '0', '1.5', '2147483648', '99999999999999999999', '1e309', 'NaN', '\u0000', 'x'.repeat(5000), '<script>', '%', '../..'];

function operations(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params: { name: string; in: string; schema: JsonSchema }[] = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        query: params.filter((p) => p.in === 'query'),
        pathParams: params.filter((p) => p.in === 'path'),
      });
    }
  }
  // Calls that end the session go last, so that every other call is tried signed in.
  return ops.sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
}

interface Attempt {
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
}

function urlOf(op: Operation, query: Record<string, unknown>, pathValues: Record<string, string> = {}): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? String(sample(op.pathParams.find((p) => p.name === name)?.schema ?? {}, name))));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.append(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The plausible request, then each hostile variation of it. */
function attempts(op: Operation): Attempt[] {
  const query = Object.fromEntries(op.query.map((q) => [q.name, sample(q.schema, q.name)]));
  const url = urlOf(op, query);
  const list: Attempt[] = [];
  for (const q of op.query) {
    for (const v of HOSTILE_TEXT) list.push({ what: `query ${q.name}=${JSON.stringify(v).slice(0, 40)}`, url: urlOf(op, { ...query, [q.name]: v }) });
    list.push({ what: `query ${q.name} left out`, url: urlOf(op, { ...query, [q.name]: undefined }) });
    list.push({ what: `query ${q.name} twice`, url: `${url}${url.includes('?') ? '&' : '?'}${q.name}=1` });
  }
  for (const p of op.pathParams) {
    for (const v of HOSTILE_TEXT) list.push({ what: `path ${p.name}=${JSON.stringify(v).slice(0, 40)}`, url: urlOf(op, query, { [p.name]: v }) });
  }
  if (op.method === 'GET') return [{ what: 'plausible', url }, ...list];

  const json = (body: unknown) => JSON.stringify(body);
  const base = op.body ? sample(op.body) : {};
  list.unshift({ what: 'plausible', url, payload: json(base), contentType: 'application/json' });
  for (const [what, payload] of [['no body', ''], ['null', 'null'], ['an array', '[]'], ['a string', '"x"'], ['{}', '{}'], ['broken JSON', '{"a":']] as const) {
    list.push({ what: `body ${what}`, url, payload, contentType: 'application/json' });
  }
  list.push({ what: 'body as text/plain', url, payload: json(base), contentType: 'text/plain' });
  list.push({ what: 'body as a form', url, payload: 'a=1', contentType: 'application/x-www-form-urlencoded' });
  for (const { path, schema } of fieldsOf(op.body ?? {})) {
    const name = path.join('.');
    list.push({ what: `${name} left out`, url, payload: json(withValue(base, path, undefined)), contentType: 'application/json' });
    for (const v of hostileValues(schema)) {
      list.push({ what: `${name}=${JSON.stringify(v).slice(0, 40)}`, url, payload: json(withValue(base, path, v)), contentType: 'application/json' });
    }
  }
  return list;
}

/** Every field of a body, nested ones too (a list's fields through its first item), to three levels. */
function fieldsOf(schema: JsonSchema, path: (string | number)[] = []): { path: (string | number)[]; schema: JsonSchema }[] {
  if (path.length >= 3) return [];
  const s = first(schema);
  const nested = (inner: JsonSchema, at: (string | number)[]) => (typeOf(inner) === 'object' || typeOf(inner) === 'array' ? fieldsOf(inner, at) : []);
  if (typeOf(s) === 'array') return s.items ? nested(s.items, [...path, 0]) : [];
  return Object.entries(s.properties ?? {}).flatMap(([k, v]) => [{ path: [...path, k], schema: v }, ...nested(v, [...path, k])]);
}

/** A copy of `body` with the value at `path` replaced (undefined: left out). */
function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== 'object') return copy;
    at = at[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/**
 * A reply's words: a sentence in Chinese, with none of what a stack, a driver, a query or a
 * programmer's type names would say (zod's own zh-CN: "期望 string，实际接收 undefined").
 */
const INTERNALS = /\bat \S+ \(|Error\b|SQLITE|violates|syntax|relation "|column "|\b(undefined|null|NaN|string|number|boolean|object|array|instanceof|stack)\b|\[object|期望|实际接收|[<>]=/i;

for (const kind of testDatabases) {
  describe(`hostile input on every call [${kind}]`, () => {
    let t: TestApp;
    let enterprise: { cookie: string; origin: string };
    let staff: StaffSession[];

    beforeAll(async () => {
      t = await createTestApp(kind);
      enterprise = (await signUpAndLogin(t)).headers;
      staff = [
        await staffLogin(t, 'dispatcher', { roles: ['dispatcher', 'handler', 'reviewer', 'payer', 'editor', 'publisher'] }),
        await staffLogin(t, 'sysadmin'),
        await staffLogin(t, 'auditor'),
      ];
    }, 60_000);
    afterAll(async () => t?.close());

    it('answers none of them with a 5xx, and every refusal with a sentence in Chinese', async () => {
      const ops = operations(t.app.swagger() as never);
      expect(ops.length).toBeGreaterThan(150);
      const failures: string[] = [];
      let sent = 0;
      for (const op of ops) {
        // Console calls go with the first staff session the call's permission admits.
        let sessions = op.path.startsWith('/console/api/') ? staff.map((s) => s.headers) : [enterprise];
        for (const a of attempts(op)) {
          const send = (headers: { cookie: string; origin: string }) =>
            t.app.inject({
              method: op.method,
              url: a.url,
              remoteAddress: uniqueAddress(),
              headers: { ...headers, ...(a.contentType ? { 'content-type': a.contentType } : {}) },
              ...(a.payload !== undefined ? { payload: a.payload } : {}),
            });
          let res = await send(sessions[0]);
          for (const other of res.statusCode === 403 ? sessions.slice(1) : []) {
            const answer = await send(other);
            if (answer.statusCode === 403) continue;
            [res, sessions] = [answer, [other]];
            break;
          }
          sent += 1;
          const where = `${op.method} ${op.path} (${a.what})`;
          if (res.statusCode >= 500) {
            failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          if (res.statusCode < 400 || !String(res.headers['content-type'] ?? '').includes('application/json')) continue;
          const msg = String((res.json() as { msg?: unknown }).msg ?? '');
          // What the caller sent, quoted back in 「」 or “”, is theirs, not the server's.
          if (!/[\u4e00-\u9fff]/.test(msg) || INTERNALS.test(msg.replace(/「[^」]*」|“[^”]*”/g, ''))) failures.push(`${where} → ${res.statusCode} “${msg.slice(0, 200)}”`);
        }
      }
      expect(sent).toBeGreaterThan(7000);
      expect(failures).toEqual([]);
    }, 600_000);
  });
}
