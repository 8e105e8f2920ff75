// The open data API's one route: POST /{domain}/{sub}/{interfaceId}, form-urlencoded or JSON,
// `key` in the body or the query string. Always HTTP 200 with {code, message, data, seqNo}: a
// customer's system branches on `code` (ARCHITECTURE.md), and every answer has a seqNo — a body
// that cannot be read, a path that does not exist and the platform's own failure included.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_HEADERS, PLATFORM_CODES, type PlatformCode } from '@apimarket/contracts';
import type { DeclaredApp } from '../packagenames/packagenames.service';
import { isPortalPath, type OutsidePortal } from '../../http/error-handler';
import { AddressLimiter } from './address-limit';
import { CallCommitter } from './committer';
import { answerUnread, type GatewayDeps, handleCall, newSeqNo, notePurchasesAfterCommit } from './gateway.service';

function flat(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  }
  return out;
}

/** One header's value as text (the first of repeated ones), trimmed and bounded. */
function header(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim().slice(0, 300);
}

/** The app a call declares in its X-App-* headers (checked for SDK interfaces only). */
function declaredApp(request: FastifyRequest): DeclaredApp {
  return {
    platform: header(request, APP_HEADERS.platform).toLowerCase(),
    packageName: header(request, APP_HEADERS.package),
    signature: header(request, APP_HEADERS.signature),
  };
}

/**
 * What every caller of the pipeline shares: the gateway's route, and the user center's test and
 * batch calls (modules/online) — one committer per process, so they group together. Whoever
 * creates it settles it on close: calls already answered-to-be commit before the database closes.
 */
export function createGatewayDeps(options: Omit<GatewayDeps, 'committer' | 'addresses'>): GatewayDeps {
  const committer = new CallCommitter({
    db: options.db,
    logger: options.logger,
    afterCommit: (summary) => {
      notePurchasesAfterCommit(summary.purchases);
      const exhausted = summary.purchases.filter((p) => p.autoRenew && p.callsLeft === 0).map((p) => p.id);
      if (exhausted.length && options.onExhausted) options.onExhausted(exhausted);
      options.onCommitted?.(summary);
    },
  });
  const addresses = new AddressLimiter(options.config.gateway.ratePerAddress, options.config.gateway.unkeyedPerAddress);
  return { ...options, committer, addresses };
}

/** The platform code of a request that failed before the route could read it. */
function unreadCode(error: unknown): PlatformCode {
  const fe = (error ?? {}) as Partial<FastifyError>;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) return 'SYSTEM_044';
  if (['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_ERR_CTP_EMPTY_TYPE', 'FST_ERR_CTP_INVALID_TYPE'].includes(fe.code ?? '') || fe.statusCode === 415) {
    return 'SYSTEM_045';
  }
  if (fe.code === 'FST_ERR_BAD_URL' || fe.code === 'FST_ERR_MAX_PARAM_LENGTH') return 'SYSTEM_004';
  if (error instanceof SyntaxError || (fe.code ?? '').startsWith('FST_ERR_CTP_') || fe.statusCode === 400) return 'SYSTEM_043';
  return 'SYSTEM_999';
}

/**
 * Answers for the open data API outside its route: the error handler's (a body that could not be
 * read) and the not-found handler's (no such path or method), in the gateway's envelope.
 */
export function gatewayOutside(deps: GatewayDeps): OutsidePortal {
  return async (request, reply, error) => {
    const code = error === undefined ? 'SYSTEM_004' : unreadCode(error);
    if (code === 'SYSTEM_999') request.log.error({ err: error }, 'gateway request failed');
    reply.header('cache-control', 'no-store');
    return reply.status(200).send(await answerUnread(deps, code, request.ip));
  };
}

export async function gatewayRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { domain, sub, interfaceId } = request.params as { domain: string; sub: string; interfaceId: string };
    reply.header('cache-control', 'no-store');
    // A form or a JSON object: a JSON array or scalar, text/plain and multipart are not calls.
    const body = request.body;
    // By its header: a gateway-role process has no multipart plugin (its parser refuses the body first).
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (multipart || (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))) {
      return reply.send(await answerUnread(deps, multipart ? 'SYSTEM_045' : 'SYSTEM_043', request.ip));
    }
    const fields = { ...flat(request.query), ...flat(body) };
    try {
      return reply.send(await handleCall(deps, { domain, sub, interfaceId, fields, ip: request.ip, app: declaredApp(request) }));
    } catch (err) {
      // Nothing was charged (the charge and the record commit together); say so in the contract,
      // and record it so support finds the seqNo.
      request.log.error({ err }, 'gateway call failed');
      return reply.send(
        await answerUnread(deps, 'SYSTEM_999', request.ip).catch(() => ({
          code: 'SYSTEM_999',
          message: PLATFORM_CODES.SYSTEM_999,
          data: null,
          seqNo: newSeqNo(),
        })),
      );
    }
  };
  // The portal API owns /apiHome (an unknown three-segment path there is its 404, not a call),
  // and the web owns /_next: the domain segment excludes both.
  app.post('/:domain(^(?!apiHome$|_next$)[A-Za-z][A-Za-z0-9_-]*$)/:sub/:interfaceId', handler);
}

/**
 * The per-address budget, before anything is parsed or looked up (Decision 124). A root hook:
 * it sees calls to paths that do not exist too. Over budget: SYSTEM_038, not recorded.
 */
export function gatewayAddressGuard(deps: GatewayDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isPortalPath(request.url) || !deps.addresses || deps.addresses.admit(request.ip)) return;
    reply.header('cache-control', 'no-store');
    return reply.status(200).send({ code: 'SYSTEM_038', message: PLATFORM_CODES.SYSTEM_038, data: null, seqNo: newSeqNo() });
  };
}
