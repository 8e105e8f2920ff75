// /apiHome/dev/*: only registered when DEV_TOOLS=1 (see app.ts); never in production. They show
// every SMS code and captcha answer, so they answer this machine's clients only, unless
// DEV_TOOLS_REMOTE=1: anyone else gets the answer of a path that does not exist.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Notifier } from '../../notify';
import { list } from '../../http/envelope';
import { AppError, NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { peekCaptcha } from '../identity/captcha.service';
import { listOutbox } from './dev.service';

const OutboxQuery = z.object({ to: z.string().trim().max(254).default('') });
const CaptchaQuery = z.object({ uuid: z.string().max(64).optional(), key: z.string().max(64).optional() });

/** 127.0.0.0/8 and ::1, also IPv4-mapped. request.ip is the client's own address: the web's
 * forwarder appends the peer it saw, and only loopback hops are trusted (TRUST_PROXY). */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export async function devRoutes(app: FastifyInstance, { db, config, notifier }: { db: Db; config: Pick<Config, 'devToolsRemote'>; notifier?: Notifier }) {
  app.addHook('onRequest', async (request) => {
    if (!config.devToolsRemote && !isLoopback(request.ip)) throw new AppError('ALL_0008');
  });

  app.get('/dev/outbox', { config: { sign: false } }, async (request) => {
    const { to } = parseInput(OutboxQuery, request.query);
    // A reset code's send is not waited for by its request: show it once it is written.
    await notifier?.settled?.();
    const rows = await listOutbox(db, to);
    return list(rows, rows.length);
  });

  app.get('/dev/captcha', { config: { sign: false } }, async (request) => {
    const { uuid, key } = parseInput(CaptchaQuery, request.query);
    const text = await peekCaptcha(db, uuid ?? key ?? '');
    if (text === null) throw new NotFound('验证码不存在或已过期');
    return { code: 200, msg: '操作成功', data: { text } };
  });
}
