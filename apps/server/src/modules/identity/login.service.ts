// Login (spec 01 §4, Decisions 13, 16, 17): one answer for every wrong credential with the
// failure count, the image captcha from the fifth failure, a phone check (ALL_0050) when the
// login comes from a place the account has not used in 30 days, and throttles per IP and per
// account+IP that slow an attacker without locking the owner out for good.
import { CAPTCHA_AFTER_LOGIN_FAILURES, type LoginInput, type MobileVerifyLoginInput } from '@apimarket/contracts';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { loginChallenges, loginEvents, members } from '../../db/schema';
import { AppError, Invalid, Throttled } from '../../http/errors';
import { hit, peek, reset } from '../throttle/throttle.service';
import { consumeCaptcha } from './captcha.service';
import { type IdentityCtx, maskMobile } from './context';
import { burnPasswordCheck, verifyPassword } from './password';
import { createSession } from './session.service';
import { sendSmsCode, verifySmsCode } from './sms.service';

export const LOGIN_LIMITS = {
  failureWindowMs: 30 * 60_000,
  /** Attempts per IP in the window before it waits (any accounts). */
  perIp: { count: 100, windowMs: 15 * 60_000 },
  /** Attempts per account from one IP in the window. */
  perAccountIp: { count: 20, windowMs: 15 * 60_000 },
  knownPlaceDays: 30,
  challengeTtlMs: 10 * 60_000,
} as const;

export const LOGIN_MSG = {
  captchaNeeded: '请输入验证码',
  throttled: '登录尝试过于频繁，请15分钟后再试',
  noChallenge: '登录验证已过期，请重新登录',
  phoneMismatch: '手机号与账号绑定的手机号不一致',
  codeSent: '验证码已发送，请注意查收',
} as const;

const failKey = (name: string) => `login:fail:${name.toLowerCase()}`;

type Outcome = 'success' | 'bad_credentials' | 'captcha_required' | 'captcha_wrong' | 'phone_check' | 'phone_verified' | 'throttled' | 'disabled' | 'logout';

async function record(ctx: IdentityCtx, outcome: Outcome, loginName: string, memberId: number | null) {
  await ctx.db.insert(loginEvents).values({
    memberId,
    loginName: loginName.slice(0, 64),
    ip: ctx.ip,
    userAgent: ctx.userAgent.slice(0, 256),
    outcome,
  });
}

export interface LoginResult {
  token: string;
  memberId: number;
  loginName: string;
  remember: boolean;
}

const parent = alias(members, 'parent');

async function findAccount(ctx: IdentityCtx, name: string) {
  // The account is the login name; a bound mobile works too.
  const [m] = await ctx.db
    .select({
      id: members.id,
      loginName: members.loginName,
      passwordHash: members.passwordHash,
      mobile: members.mobile,
      status: members.status,
      // A sub-account is as disabled as its main account.
      parentStatus: parent.status,
      flagged: members.securityFlagged,
    })
    .from(members)
    .leftJoin(parent, eq(parent.id, members.parentId))
    .where(sql`lower(${members.loginName}) = lower(${name}) or ${members.mobile} = ${name}`)
    .orderBy(sql`lower(${members.loginName}) = lower(${name}) desc`)
    .limit(1);
  return m;
}

async function knownPlace(ctx: IdentityCtx, memberId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(
      and(
        eq(loginEvents.memberId, memberId),
        eq(loginEvents.ip, ctx.ip),
        inArray(loginEvents.outcome, ['success', 'phone_verified', 'register']),
        gt(loginEvents.createdAt, sql`now() - make_interval(days => ${LOGIN_LIMITS.knownPlaceDays})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function startSession(ctx: IdentityCtx, member: { id: number; loginName: string }, remember: boolean, outcome: Outcome): Promise<LoginResult> {
  const { token } = await createSession(ctx.db, { memberId: member.id, remember, ip: ctx.ip, userAgent: ctx.userAgent });
  await ctx.db.update(members).set({ lastLoginAt: new Date() }).where(eq(members.id, member.id));
  await reset(ctx.db, failKey(member.loginName));
  await record(ctx, outcome, member.loginName, member.id);
  return { token, memberId: member.id, loginName: member.loginName, remember };
}

/**
 * The login's throttles (Decision 20), counted before anything is checked so a parallel burst
 * gets no more tries than a sequence. Every call that checks a member's password goes through
 * them under the same keys: postLogin and scrm/only/register share one budget.
 */
export async function countPasswordAttempt(ctx: IdentityCtx, name: string): Promise<void> {
  const ipCount = await hit(ctx.db, `login:ip:${ctx.ip}`, LOGIN_LIMITS.perIp.windowMs);
  const pairCount = await hit(ctx.db, `login:pair:${name.toLowerCase()}:${ctx.ip}`, LOGIN_LIMITS.perAccountIp.windowMs);
  if (ipCount > LOGIN_LIMITS.perIp.count || pairCount > LOGIN_LIMITS.perAccountIp.count) {
    await record(ctx, 'throttled', name, null);
    throw new Throttled(LOGIN_MSG.throttled);
  }
}

/** A wrong password (or an unknown account): counts towards the login's captcha; answers the count. */
export async function countPasswordFailure(ctx: IdentityCtx, name: string, memberId: number | null): Promise<number> {
  const count = await hit(ctx.db, failKey(name), LOGIN_LIMITS.failureWindowMs);
  await record(ctx, 'bad_credentials', name, memberId);
  return count;
}

export async function login(ctx: IdentityCtx, input: LoginInput): Promise<LoginResult> {
  const name = input.name;
  await countPasswordAttempt(ctx, name);

  const failures = await peek(ctx.db, failKey(name), LOGIN_LIMITS.failureWindowMs);
  if (failures >= CAPTCHA_AFTER_LOGIN_FAILURES) {
    if (!input.code) {
      await record(ctx, 'captcha_required', name, null);
      throw new Invalid(LOGIN_MSG.captchaNeeded, { exceptionLoginCount: failures });
    }
    try {
      await consumeCaptcha(ctx.db, input.imageCodeKey, input.code);
    } catch (err) {
      await record(ctx, 'captcha_wrong', name, null);
      if (err instanceof AppError) throw new Invalid(err.message, { exceptionLoginCount: failures });
      throw err;
    }
  }

  const member = await findAccount(ctx, name);
  let ok = false;
  if (member) ok = await verifyPassword(member.passwordHash, input.pwd);
  else await burnPasswordCheck(input.pwd);
  if (!member || !ok) {
    const count = await countPasswordFailure(ctx, name, member?.id ?? null);
    throw new AppError('ALL_0020', undefined, { exceptionLoginCount: count });
  }
  if (member.status !== 'active' || (member.parentStatus !== null && member.parentStatus !== 'active')) {
    await record(ctx, 'disabled', name, member.id);
    throw new AppError('ALL_0021');
  }

  if (member.flagged || !(await knownPlace(ctx, member.id))) {
    await ctx.db.insert(loginChallenges).values({
      memberId: member.id,
      ip: ctx.ip,
      remember: input.remember ? 1 : 0,
      expiresAt: new Date(Date.now() + LOGIN_LIMITS.challengeTtlMs),
    });
    await record(ctx, 'phone_check', name, member.id);
    throw new AppError('ALL_0050', undefined, { mobile: maskMobile(member.mobile), loginName: member.loginName });
  }
  return startSession(ctx, member, input.remember, 'success');
}

async function openChallenge(ctx: IdentityCtx, memberId: number) {
  const [c] = await ctx.db
    .select({ id: loginChallenges.id, remember: loginChallenges.remember })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.memberId, memberId), isNull(loginChallenges.consumedAt), gt(loginChallenges.expiresAt, sql`now()`)))
    .orderBy(desc(loginChallenges.createdAt))
    .limit(1);
  return c;
}

/**
 * memberShip/sendVerifyCode: the code for the phone check. The answer and the limits are the same
 * whether or not the phone belongs to an account waiting for the check; only then is an SMS sent.
 */
export async function sendLoginCode(ctx: IdentityCtx, phone: string): Promise<void> {
  const candidates = await ctx.db.select({ id: members.id }).from(members).where(eq(members.mobile, phone));
  let waiting = false;
  for (const m of candidates) {
    if (await openChallenge(ctx, m.id)) {
      waiting = true;
      break;
    }
  }
  await sendSmsCode(ctx.db, ctx.notifier, { phone, purpose: 'login', ip: ctx.ip, deliver: waiting });
}

export async function mobileVerifyLogin(ctx: IdentityCtx, input: MobileVerifyLoginInput): Promise<LoginResult> {
  const member = await findAccount(ctx, input.loginName);
  const challenge = member ? await openChallenge(ctx, member.id) : undefined;
  if (!member || !challenge) throw new Invalid(LOGIN_MSG.noChallenge);
  if (member.mobile !== input.phone) throw new Invalid(LOGIN_MSG.phoneMismatch);
  await verifySmsCode(ctx.db, { phone: input.phone, purpose: 'login', code: input.verifyCode });
  await ctx.db.update(loginChallenges).set({ consumedAt: new Date() }).where(eq(loginChallenges.id, challenge.id));
  return startSession(ctx, member, challenge.remember === 1, 'phone_verified');
}

export async function recordLogout(ctx: IdentityCtx, member: { memberId: number; loginName: string }): Promise<void> {
  await record(ctx, 'logout', member.loginName, member.memberId);
}
