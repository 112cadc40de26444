import { defaultMessages } from '#contract/envelope.ts';

/** The success envelope. */
export function ok<T>(data: T, msg = defaultMessages[0]) {
  return { code: 0 as const, msg, data };
}
