// The single mapper from anything thrown to the envelope: AppErrors carry their code; Fastify's
// own body and routing errors get theirs; everything else is ALL_0099 with nothing internal
// in the answer (the log keeps the stack, scrubbed).
import { ERRORS, type ErrorCode, type FailEnvelope } from '@apimarket/contracts';
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

export function toEnvelope(error: unknown): { status: number; body: FailEnvelope } {
  if (error instanceof AppError) {
    return { status: error.status, body: { code: error.code, msg: error.message, ...error.extra } };
  }
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toEnvelope(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ errorCode: body.code }, 'request rejected');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((_request: FastifyRequest, reply: FastifyReply) => {
    return reply.status(404).send({ code: 'ALL_0008', msg: ERRORS.ALL_0008.msg } satisfies FailEnvelope);
  });
}
