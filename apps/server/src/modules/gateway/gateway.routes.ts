// The open data API's one route: POST /{domain}/{sub}/{interfaceId}, form-urlencoded or JSON,
// `key` in the body or the query string. Always HTTP 200 with {code, message, data, seqNo}: a
// customer's system branches on `code` (ARCHITECTURE.md), and every answer has a seqNo.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_CODES } from '@apimarket/contracts';
import { CallCommitter } from './committer';
import { type GatewayDeps, handleCall, newSeqNo, notePurchasesAfterCommit } from './gateway.service';

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

/**
 * What every caller of the pipeline shares: the gateway's route, and the user center's test and
 * batch calls (modules/online) — one committer per process, so they group together. Whoever
 * creates it settles it on close: calls already answered-to-be commit before the database closes.
 */
export function createGatewayDeps(options: Omit<GatewayDeps, 'committer'>): GatewayDeps {
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
  return { ...options, committer };
}

export async function gatewayRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { domain, sub, interfaceId } = request.params as { domain: string; sub: string; interfaceId: string };
    const fields = { ...flat(request.query), ...flat(request.body) };
    reply.header('cache-control', 'no-store');
    try {
      return reply.send(await handleCall(deps, { domain, sub, interfaceId, fields, ip: request.ip }));
    } catch (err) {
      // Nothing was charged (the charge and the record commit together); say so in the contract.
      request.log.error({ err }, 'gateway call failed');
      return reply.send({ code: 'SYSTEM_999', message: PLATFORM_CODES.SYSTEM_999, data: null, seqNo: newSeqNo() });
    }
  };
  // The portal API owns /apiHome (an unknown three-segment path there is its 404, not a call),
  // and the web owns /_next: the domain segment excludes both.
  app.post('/:domain(^(?!apiHome$|_next$)[A-Za-z][A-Za-z0-9_-]*$)/:sub/:interfaceId', handler);
}
