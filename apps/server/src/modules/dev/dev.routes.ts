// /apiHome/dev/* (declared in contracts' devApi): only registered when DEV_TOOLS=1 (see app.ts);
// never in production. They show every SMS code and captcha answer, so they answer this
// machine's clients only, unless DEV_TOOLS_REMOTE=1: anyone else gets the answer of a path that
// does not exist.
import { devApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { list, ok } from '../../http/envelope';
import { AppError, NotFound } from '../../http/errors';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import { peekCaptcha } from '../identity/captcha.service';
import { listOutbox } from './dev.service';

/** 127.0.0.0/8 and ::1, also IPv4-mapped. request.ip is the client's own address: the web's
 * forwarder appends the peer it saw, and only loopback hops are trusted (TRUST_PROXY). */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export async function devRoutes(app: FastifyInstance, deps: RouteDeps & { config: Pick<Config, 'devToolsRemote'>; notifier?: Notifier }) {
  const { db, config, notifier } = deps;
  app.addHook('onRequest', async (request) => {
    if (!config.devToolsRemote && !isLoopback(request.ip)) throw new AppError('ALL_0008');
  });
  const route = routes(app, deps);

  route(devApi.outbox, async ({ input }) => {
    // A reset code's send is not waited for by its request: show it once it is written.
    await notifier?.settled?.();
    const rows = await listOutbox(db, input.to);
    return list(rows, rows.length);
  });

  route(devApi.captcha, async ({ input }) => {
    const text = await peekCaptcha(db, input.uuid ?? input.key ?? '');
    if (text === null) throw new NotFound('验证码不存在或已过期');
    return ok({ text });
  });
}
