// SMS verification codes (Decision 18): an image captcha before any send (checked by the
// caller), 60 s between codes per phone and purpose, at most 5 per phone in 10 minutes (then ALL_0028 for 10
// minutes), daily caps per phone and per IP; 6 random digits, valid 10 minutes, single use, and
// the fifth wrong try burns the code.
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError, Invalid, Throttled } from '../../http/errors';
import type { Notifier, SmsKind } from '../../notify';
import { block, hit, isBlocked } from '../throttle/throttle.service';

/** `email` codes go by mail (binding an address); the same limits apply per address. `alert`: verifying an alert contact's phone. */
export type SmsPurpose = 'register' | 'reset' | 'login' | 'general' | 'email' | 'alert';

export const SMS_LIMITS = {
  ttlMs: 10 * 60_000,
  resendMs: 60_000,
  burst: { count: 5, windowMs: 10 * 60_000, blockMs: 10 * 60_000 },
  dailyPerPhone: 20,
  dailyPerIp: 50,
  maxTries: 5,
} as const;

export const SMS_MSG = {
  sent: '验证码已发送，请注意查收',
  tooSoon: '验证码发送过于频繁，请60秒后再试',
  daily: '今日获取验证码次数已达上限，请明天再试',
  wrong: '短信验证码错误',
  expired: '短信验证码已失效，请重新获取',
  notSent: '验证码发送失败，请稍后再试',
} as const;

const TEXT: Record<SmsPurpose, (code: string) => string> = {
  register: (c) => `您正在注册数据API市场账号，验证码${c}，10分钟内有效。如非本人操作请忽略。`,
  reset: (c) => `您正在找回登录密码，验证码${c}，10分钟内有效，请勿告知他人。`,
  login: (c) => `您的账号正在新的环境登录，验证码${c}，10分钟内有效。如非本人操作请立即修改密码。`,
  general: (c) => `您的验证码为${c}，10分钟内有效，请勿告知他人。`,
  alert: (c) => `您正在被设为数据API市场账号的预警联系人，验证码${c}，10分钟内有效。如非本人知情请忽略。`,
  email: (c) => `您正在为数据API市场账号绑定此邮箱，验证码${c}，10分钟内有效。如非本人操作请忽略本邮件。`,
};

const DAY_MS = 24 * 3600_000;

/** The carrier template of each purpose's code (notify/templates.ts). */
const CODE_TEMPLATE: Record<Exclude<SmsPurpose, 'email'>, Extract<SmsKind, `code${string}`>> = {
  register: 'code_register',
  reset: 'code_reset',
  login: 'code_login',
  general: 'code',
  alert: 'code_alert',
};

/**
 * Purposes whose answer must be the same whether or not a code went out (Decision 19: reset and
 * the phone check, for a phone without an account): a refused send is not shown there; the
 * outbox retries it and records the outcome for operators.
 */
const SILENT_FAILURE: ReadonlySet<SmsPurpose> = new Set(['reset', 'login']);

function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export async function sendSmsCode(
  db: Db,
  notifier: Notifier,
  input: {
    phone: string;
    purpose: SmsPurpose;
    ip: string;
    /**
     * false: count and store the code but send nothing, for a phone without an account. Its
     * caller then meets the same limits, the same answer and the same wrong-code message as an
     * account's owner, so none of them tells whether the phone is registered (Decision 19).
     */
    deliver?: boolean;
  },
): Promise<void> {
  const { phone, purpose, ip } = input;
  if (await isBlocked(db, `sms:block:${phone}`)) throw new Throttled(undefined, 'ALL_0028');

  const [last] = await db
    .select({ recent: sql<boolean>`${smsCodes.createdAt} > now() - make_interval(secs => ${SMS_LIMITS.resendMs / 1000})` })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last?.recent) throw new Throttled(SMS_MSG.tooSoon);

  if ((await hit(db, `sms:burst:${phone}`, SMS_LIMITS.burst.windowMs)) > SMS_LIMITS.burst.count) {
    await block(db, `sms:block:${phone}`, SMS_LIMITS.burst.blockMs);
    throw new Throttled(undefined, 'ALL_0028');
  }
  if ((await hit(db, `sms:day:phone:${phone}`, DAY_MS)) > SMS_LIMITS.dailyPerPhone) throw new Throttled(SMS_MSG.daily);
  if ((await hit(db, `sms:day:ip:${ip}`, DAY_MS)) > SMS_LIMITS.dailyPerIp) throw new Throttled(SMS_MSG.daily);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    // Only the newest code of a phone and purpose is valid.
    await tx
      .update(smsCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    await tx.insert(smsCodes).values({
      id,
      phone,
      purpose,
      codeHash: codeHash(id, code),
      ip,
      expiresAt: new Date(Date.now() + SMS_LIMITS.ttlMs),
    });
  });
  if (input.deliver === false) return;
  // Where the answer may not tell (SILENT_FAILURE) a refused code is retried while it lives;
  // elsewhere it is withdrawn and the user told, so nobody waits for a code that is not coming.
  const silent = SILENT_FAILURE.has(purpose);
  const delivery = notifier.send(
    purpose === 'email'
      ? { channel: 'email', to: phone, subject: '【数据API市场】邮箱验证码', body: TEXT.email(code) }
      : {
          channel: 'sms',
          to: phone,
          body: TEXT[purpose](code),
          template: { kind: CODE_TEMPLATE[purpose], params: { code } },
          retryUntil: silent ? new Date(Date.now() + SMS_LIMITS.ttlMs) : new Date(),
        },
  );
  if (silent) {
    // Not waited for: a carrier takes a hundred milliseconds or more, and an unregistered phone
    // (deliver: false) answers without one — waiting would tell which phones are registered. A
    // refusal is retried from the outbox while the code lives (notify/jobs.ts).
    delivery.catch(() => undefined);
    return;
  }
  const { status } = await delivery;
  if (status !== 'sent') {
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    throw new AppError('ALL_0098', SMS_MSG.notSent);
  }
}

/** Check and consume the phone's live code for the purpose; wrong tries count towards burning it. */
export async function verifySmsCode(db: Db, input: { phone: string; purpose: SmsPurpose; code: string }): Promise<void> {
  const [row] = await db
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, attempts: smsCodes.attempts })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, sql`now()`)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) throw new Invalid(SMS_MSG.expired);

  if (row.codeHash !== codeHash(row.id, input.code.trim())) {
    const burned = row.attempts + 1 >= SMS_LIMITS.maxTries;
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1`, ...(burned ? { consumedAt: new Date() } : {}) })
      .where(eq(smsCodes.id, row.id));
    throw new Invalid(SMS_MSG.wrong);
  }
  // Conditional on still being unused, so two concurrent submissions cannot both pass.
  const used = await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw new Invalid(SMS_MSG.expired);
}
