import { data } from 'react-router';
import { parseIdParam } from './params.ts';

/** Statuses a service error keeps on the page; anything else is an unexpected 500. */
const PAGE_STATUSES = new Set([400, 401, 403, 404]);

/**
 * Services throw AppError with `code` equal to the HTTP status (docs/api.md). A loader rethrows the
 * user-facing ones as a route error response, so the page answers with that status and shows
 * the error page instead of a 500.
 */
export function toRouteError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'number' || !PAGE_STATUSES.has(code)) return error;
  const message = error instanceof Error ? error.message : '';
  return data({ message }, { status: code });
}

export async function orRouteError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw toRouteError(error);
  }
}

/** A 404 page response for an id or path that does not exist. */
export function notFoundPage(message = '页面不存在'): never {
  throw data({ message }, { status: 404 });
}

/** The `?id=` of a detail page; a missing or malformed one is a 404 with `message`. */
export function idParamOr404(url: URL, message: string): number {
  const id = parseIdParam(url.searchParams.get('id'));
  if (id === null) notFoundPage(message);
  return id;
}
