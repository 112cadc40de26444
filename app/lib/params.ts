import type { z } from 'zod';

/**
 * A list page's URL parameters through the contract schema. A bad value never breaks the page
 * (no 500 for a hand-edited link): the offending parameters fall back to their defaults and the
 * rest is kept.
 */
export function parseSearch<S extends z.ZodType>(schema: S, search: URLSearchParams): z.output<S> {
  // A script-less GET form also sends the fields left empty: they mean "no filter".
  const raw: Record<string, string> = {};
  for (const [key, value] of search) if (value.trim() !== '') raw[key] = value;
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  const second = schema.safeParse(raw);
  return second.success ? second.data : schema.parse({});
}

/** A positive integer id from the URL, or null when it cannot be one (the page then answers 404). */
export function parseIdParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
