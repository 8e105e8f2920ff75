// The console's sign-in and session (declared in contracts' consoleSessionApi): password and
// authenticator code, the first-time enrolment, logout, and who is signed in. The console's own
// cookie is set here; every other console call only reads it (guard.ts).
import { CONSOLE_COOKIE, CONSOLE_MSG, consoleSessionApi } from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { Unauthenticated } from '../../http/errors';
import { routes } from '../../http/route';
import { cookieSecure } from '../../http/wire';
import { consoleToken, sessionOperator } from './guard';
import { enroll, login, logout } from './operators.service';

export async function sessionRoutes(app: FastifyInstance, deps: { config: Config; db: Db }) {
  const route = routes(app, deps);
  const { config, db } = deps;
  const attempt = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

  // Ends with the browser (no max-age), and reaches only the console's own calls.
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(CONSOLE_COOKIE.name, token, {
      path: CONSOLE_COOKIE.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: cookieSecure(config, request),
    });

  route(consoleSessionApi.login, async ({ input, request, reply }) => {
    const result = await login(db, config, { ...input, ...attempt(request) });
    if (result.stage === 'enroll') return ok(result, CONSOLE_MSG.enroll);
    setCookie(request, reply, result.token);
    return ok({ stage: 'done' as const, operator: result.operator }, CONSOLE_MSG.loggedIn);
  });

  route(consoleSessionApi.enroll, async ({ input, request, reply }) => {
    const { token, operator } = await enroll(db, config, { ...input, ...attempt(request) });
    setCookie(request, reply, token);
    return ok({ stage: 'done' as const, operator }, CONSOLE_MSG.enrolled);
  });

  route(consoleSessionApi.logout, async ({ request, reply }) => {
    await logout(db, consoleToken(request));
    reply.clearCookie(CONSOLE_COOKIE.name, { path: CONSOLE_COOKIE.path });
    return ok(null, CONSOLE_MSG.loggedOut);
  });

  // Any role may ask who it is, so this reads the session rather than an area's guard.
  route(consoleSessionApi.me, async ({ request }) => {
    const operator = await sessionOperator(db, request);
    if (!operator) throw new Unauthenticated();
    const { sessionId: _session, ...me } = operator;
    return ok(me);
  });
}
