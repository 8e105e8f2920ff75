// Who may call a console route. Only the console's own cookie counts: a member's myToken (sent
// to every path) never opens the console, and the console cookie is scoped to
// /apiHome/console, so it never reaches the user center's calls. No session → ALL_0024; a role
// without the area → ALL_0010.
import { canOperate, CONSOLE_COOKIE, type ConsoleArea } from '@apimarket/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, Forbidden, Unauthenticated } from '../../http/errors';
import { type Actor, type Operator, resolveOperator } from './operators.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const resolved = new WeakMap<FastifyRequest, Promise<Operator | null>>();

export function consoleToken(request: FastifyRequest): string {
  return request.cookies[CONSOLE_COOKIE.name] ?? '';
}

/** The wire plugin's CSRF rule checks myToken only; the console cookie gets the same rule here. */
function checkSameOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method) || request.headers['x-requested-with'] === 'XMLHttpRequest') return;
  const origin = request.headers.origin;
  try {
    if (origin && new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host) return;
  } catch {
    // an unparsable Origin is not ours
  }
  throw new AppError('ALL_0009');
}

export function sessionOperator(db: Db, request: FastifyRequest): Promise<Operator | null> {
  let found = resolved.get(request);
  if (!found) {
    found = resolveOperator(db, consoleToken(request));
    resolved.set(request, found);
  }
  return found;
}

export async function requireOperator(db: Db, request: FastifyRequest, area: ConsoleArea): Promise<{ operator: Operator; actor: Actor }> {
  const operator = await sessionOperator(db, request);
  if (!operator) throw new Unauthenticated();
  checkSameOrigin(request);
  if (!canOperate(operator.role, area)) throw new Forbidden();
  return { operator, actor: { operatorId: operator.id, username: operator.username, ip: request.ip } };
}
