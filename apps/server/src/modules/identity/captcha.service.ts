// Image captchas: noisy glyph outlines drawn by svg-captcha (text as paths, so there is no text
// layer to read), rasterised to PNG by resvg. Single use, five minutes, case-insensitive.
import { randomUUID } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { Invalid, Throttled } from '../../http/errors';
import { hit } from '../throttle/throttle.service';

const TTL_MS = 5 * 60_000;
const PER_IP_LIMIT = 120; // images per IP per 10 minutes: far above a person, far below a flood

export const CAPTCHA_MSG = {
  wrong: '图片验证码错误，请重新输入',
  expired: '图片验证码已失效，请点击图片刷新',
} as const;

export async function createCaptcha(db: Db, ip: string): Promise<{ id: string; png: Buffer }> {
  if ((await hit(db, `captcha:ip:${ip}`, 10 * 60_000)) > PER_IP_LIMIT) throw new Throttled();
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 3,
    color: true,
    ignoreChars: '0oO1iIlLqg9',
    background: '#eef2fa',
    width: 120,
    height: 40,
    fontSize: 46,
  });
  const png = new Resvg(drawn.data, { fitTo: { mode: 'width', value: 240 } }).render().asPng();
  const id = randomUUID();
  await db.insert(captchas).values({ id, answer: drawn.text.toLowerCase(), expiresAt: new Date(Date.now() + TTL_MS) });
  // Opportunistic cleanup keeps the table small without a scheduler.
  if (Math.random() < 0.05) await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
  return { id, png: Buffer.from(png) };
}

/** Check and consume a captcha; any attempt uses it up, so each guess needs a new image. */
export async function consumeCaptcha(db: Db, id: string | undefined, answer: string | undefined): Promise<void> {
  if (!answer) throw new Invalid('请输入图片验证码');
  if (!id) throw new Invalid(CAPTCHA_MSG.expired);
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answer: captchas.answer });
  if (!row) throw new Invalid(CAPTCHA_MSG.expired);
  if (row.answer !== answer.trim().toLowerCase()) throw new Invalid(CAPTCHA_MSG.wrong);
}

/** The live answer of a captcha, without consuming it (dev tools only). */
export async function peekCaptcha(db: Db, id: string): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ answer: captchas.answer })
    .from(captchas)
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)));
  return row?.answer ?? null;
}
