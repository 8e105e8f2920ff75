// /apiHome/dev/*: only registered when DEV_TOOLS=1 (see app.ts); never in production.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { list } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { peekCaptcha } from '../identity/captcha.service';
import { listOutbox } from './dev.service';

const OutboxQuery = z.object({ to: z.string().trim().max(254).default('') });
const CaptchaQuery = z.object({ uuid: z.string().max(64).optional(), key: z.string().max(64).optional() });

export async function devRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/dev/outbox', { config: { sign: false } }, async (request) => {
    const { to } = parseInput(OutboxQuery, request.query);
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
