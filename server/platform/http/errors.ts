import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type ZodIssue } from 'zod';
import { defaultMessages, ErrorCode } from '#contract/envelope.ts';
import { isOutage, OUTAGE_RETRY_SECONDS, OutageError } from '../outage.ts';
import { sendOutagePage, wantsPage } from './outage-page.ts';

/**
 * A failure the user can act on. Services throw these; the one error handler below turns them
 * into the envelope with the HTTP status equal to `code`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? defaultMessages[code]);
  }
}

export const badRequest = (msg?: string, fields?: Record<string, string>) =>
  new AppError(ErrorCode.badRequest, msg, fields ? { fields } : null);
export const unauthorized = (msg?: string) => new AppError(ErrorCode.unauthorized, msg);
export const forbidden = (msg?: string) => new AppError(ErrorCode.forbidden, msg);
export const notFound = (msg?: string) => new AppError(ErrorCode.notFound, msg);
export const conflict = (msg?: string) => new AppError(ErrorCode.conflict, msg);
/** A dependency is down (../outage.ts): try again in a few seconds. */
export const unavailable = (msg?: string) =>
  new AppError(ErrorCode.unavailable, msg, null, { 'retry-after': String(OUTAGE_RETRY_SECONDS) });

/** zod issues → `{ field: 中文说明 }`, first message per field. */
export function fieldErrors(issues: readonly Pick<ZodIssue, 'path' | 'message'>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** What the sender of a multipart body that cannot be read can do about it. */
export const MALFORMED_UPLOAD_MESSAGE = '上传的数据不完整或格式有误，请重新选择文件上传';
/**
 * busboy's errors for a body that is not well-formed multipart (cut short, a boundary that does
 * not match the one declared, no boundary at all). They carry no code, only these fixed messages.
 */
const MALFORMED_MULTIPART = /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found)$/;

function validationReply(fields: Record<string, string>) {
  const first = Object.values(fields)[0];
  return { code: ErrorCode.badRequest, msg: first ?? defaultMessages[400], data: { fields } };
}

export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ code: 404, msg: '您访问的接口不存在', data: null });
  });

  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.code(error.code).send({ code: error.code, msg: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(
        error.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? '' })),
      );
      return reply.code(400).send(validationReply(fields));
    }
    if (error instanceof ZodError) return reply.code(400).send(validationReply(fieldErrors(error.issues)));

    if (MALFORMED_MULTIPART.test(error.message)) return reply.code(400).send({ code: 400, msg: MALFORMED_UPLOAD_MESSAGE, data: null });

    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): a clear sentence, no internals.
      const code = (error as FastifyError).code;
      const msg =
        code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的请求格式'
        : code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413 ? defaultMessages[413]
        : code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message) ? '请求内容不是有效的 JSON'
        : defaultMessages[status] ?? defaultMessages[400];
      return reply.code(status).send({ code: status, msg, data: null });
    }
    if (isOutage(error)) {
      // Expected while a dependency restarts; the operator sees it as a warning per request.
      request.log.warn({ err: error }, 'dependency unavailable');
      if (wantsPage(request)) return sendOutagePage(app, reply);
      const msg = error instanceof OutageError ? (error.userMessage ?? undefined) : undefined;
      const { code, message, headers } = unavailable(msg);
      return reply.code(code).headers(headers).send({ code, msg: message, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: defaultMessages[500], data: null });
  });
});
