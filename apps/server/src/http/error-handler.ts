// The single mapper from anything thrown to the envelope: AppErrors carry their code; Fastify's
// own body and routing errors get theirs; input the database refused that no rule caught is the
// caller's ALL_0001 (and a warning: a rule is missing); everything else is ALL_0099 with nothing
// internal in the answer (the log keeps the stack, without the query's values). Paths outside
// /apiHome belong to the open data API, which answers in its own envelope (`outsidePortal`).
import { ERRORS, type ErrorCode, type FailEnvelope, INPUT_GUARD_MSG } from '@apimarket/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'ALL_0006',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'ALL_0007',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'ALL_0014',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ALL_0014',
  FST_ERR_CTP_INVALID_JSON_BODY: 'ALL_0014',
  FST_ERR_CTP_EMPTY_TYPE: 'ALL_0007',
  FST_ERR_CTP_INVALID_TYPE: 'ALL_0007',
  FST_ERR_VALIDATION: 'ALL_0001',
  FST_ERR_BAD_URL: 'ALL_0008',
};

/** PostgreSQL's data exceptions (SQLSTATE class 22: out of range, invalid text, a NUL…), however wrapped. */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

export function toEnvelope(error: unknown): { status: number; body: FailEnvelope } {
  if (error instanceof AppError) {
    return { status: error.status, body: { code: error.code, msg: error.message, ...error.extra } };
  }
  if (isDataException(error)) return { status: ERRORS.ALL_0001.status, body: { code: 'ALL_0001', msg: INPUT_GUARD_MSG.unchecked } };
  const fe = error as Partial<FastifyError>;
  let code: ErrorCode | undefined = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  // Malformed JSON surfaces as a SyntaxError with a 400 status.
  if (!code && error instanceof SyntaxError) code = 'ALL_0014';
  if (!code && fe.statusCode === 429) code = 'ALL_0012';
  if (!code && fe.statusCode === 413) code = 'ALL_0006';
  if (!code && fe.statusCode === 415) code = 'ALL_0007';
  if (!code && fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) code = 'ALL_0001';
  code ??= 'ALL_0099';
  return { status: ERRORS[code].status, body: { code, msg: ERRORS[code].msg } };
}

export function isPortalPath(url: string): boolean {
  return url === '/apiHome' || url.startsWith('/apiHome/') || url.startsWith('/apiHome?');
}

/** Answers a request outside /apiHome: the open data API's envelope (an error, or no such path). */
export type OutsidePortal = (request: FastifyRequest, reply: FastifyReply, error?: unknown) => Promise<FastifyReply>;

export function registerErrorHandling(app: FastifyInstance, outsidePortal?: OutsidePortal): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (outsidePortal && !isPortalPath(request.url)) return outsidePortal(request, reply, error);
    const { status, body } = toEnvelope(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (isDataException(error)) request.log.warn({ err: error, route: request.routeOptions.url }, 'input no rule checked was refused by the database');
    else request.log.info({ errorCode: body.code }, 'request rejected');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (outsidePortal && !isPortalPath(request.url)) return outsidePortal(request, reply);
    return reply.status(404).send({ code: 'ALL_0008', msg: ERRORS.ALL_0008.msg } satisfies FailEnvelope);
  });
}
