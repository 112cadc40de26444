import { z } from 'zod';

/**
 * The one zod every schema imports, with the portal's own Chinese for the rules that carry no
 * message of their own (contract/validators.ts writes theirs; a rule's own message always wins).
 * zod's zh-CN locale speaks to programmers ("无效输入：期望 string，实际接收 undefined", "数值过大：
 * 期望 string <=200 字符"); these say what a person should do, in the browser's forms and in the
 * API's field messages alike.
 * In the browser zod must not compile its object parsers: the first `z.object` probes `new
 * Function`, which the pages' script policy (no 'unsafe-eval') refuses and reports as a violation.
 * The server keeps the compiled, faster parsers.
 */

/** What a sentence calls each kind of value a field expects. */
const KINDS: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '“是”或“否”',
  array: '列表',
  object: '一组字段',
  date: '日期',
};

const FORMATS: Record<string, string> = {
  email: '请输入正确的电子邮箱',
  url: '请输入正确的网址',
  date: '请输入正确的日期，如 2026-01-05',
  datetime: '请输入正确的日期时间',
  time: '请输入正确的时间',
};

/** What is counted in items rather than measured: the items of a list, a set or a map. */
const LISTS = new Set(['array', 'set', 'map']);

/** A size in the unit of what it measures: characters of text, or items; an exact one says so. */
function tooBig({ origin, maximum: max, inclusive = true, exact }: { origin: string; maximum: number | bigint; inclusive?: boolean; exact?: boolean }): string {
  if (origin === 'string') return exact ? `应为 ${max} 个字` : `不能超过 ${max} 个字`;
  if (LISTS.has(origin)) return exact ? `应为 ${max} 项` : `最多 ${max} 项`;
  if (origin === 'file') return `文件不能超过 ${max} 字节`;
  return inclusive ? `不能大于 ${max}` : `应小于 ${max}`;
}

function tooSmall({ origin, minimum: min, inclusive = true, exact }: { origin: string; minimum: number | bigint; inclusive?: boolean; exact?: boolean }): string {
  if (origin === 'string') return exact ? `应为 ${min} 个字` : Number(min) <= 1 ? '此项为必填项' : `至少 ${min} 个字`;
  if (LISTS.has(origin)) return exact ? `应为 ${min} 项` : `至少 ${min} 项`;
  if (origin === 'file') return '文件不能为空';
  return inclusive ? `不能小于 ${min}` : `应大于 ${min}`;
}

function portalMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? '此项为必填项' : `格式不正确，应为${KINDS[issue.expected] ?? '规定的格式'}`;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_value':
      return '不是可选的值，请重新选择';
    case 'invalid_format':
      return FORMATS[issue.format] ?? '格式不正确';
    case 'not_multiple_of':
      return `应为 ${issue.divisor} 的整数倍`;
    case 'unrecognized_keys':
      return `不认识的字段：${issue.keys.join('、')}`;
    default:
      return '内容不符合要求';
  }
}

z.config({ localeError: portalMessage, jitless: typeof document !== 'undefined' });

export { z };
