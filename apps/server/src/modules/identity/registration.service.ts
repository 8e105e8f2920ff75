// Registration and recovery: username availability, registration (SMS-verified phone), password reset (revokes
// every session), and WeChat openId binding (scrm/only/*). The SMS code is checked before
// anything that tells whether a phone has an account and before any password hashing.
import type { ExistNameInput, RegisterInput, ResetPasswordPayload, ScrmRegisterInput } from '@apimarket/contracts';
import { eq, sql } from 'drizzle-orm';
import { loginEvents, members } from '../../db/schema';
import { AppError, Conflict, Invalid, Throttled } from '../../http/errors';
import { hit } from '../throttle/throttle.service';
import type { IdentityCtx } from './context';
import { countPasswordAttempt, countPasswordFailure } from './login.service';
import { hashPassword, verifyPassword } from './password';
import { revokeAllSessions } from './session.service';
import { sendSmsCode, SMS_MSG, verifySmsCode } from './sms.service';

/**
 * Registration, the password reset and scrm/only/register from one client address: counted
 * before anything is checked, then 429 ALL_0012. A person needs a handful; this bounds how many
 * SMS codes one address can guess at (each code burns after five tries anyway) and how much
 * password hashing it can cause.
 */
export const ACCOUNT_LIMITS = {
  perIp: { count: 30, windowMs: 10 * 60_000 },
} as const;

async function countAccountAttempt(ctx: IdentityCtx): Promise<void> {
  if ((await hit(ctx.db, `account:ip:${ctx.ip}`, ACCOUNT_LIMITS.perIp.windowMs)) > ACCOUNT_LIMITS.perIp.count) throw new Throttled();
}

export const ACCOUNT_MSG = {
  nameTaken: '该用户名已被注册',
  nameFree: '该用户名可以使用',
  mobileTaken: '该手机号已注册，请直接登录或找回密码',
  registered: '注册成功',
  reset: '重置密码成功',
  bound: '微信绑定成功',
  unbound: '该微信尚未绑定账号',
  boundAlready: '该微信已绑定账号',
  openIdTaken: '该微信已绑定其他账号',
} as const;

async function nameExists(ctx: IdentityCtx, loginName: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: members.id }).from(members).where(sql`lower(${members.loginName}) = lower(${loginName})`).limit(1);
  return row !== undefined;
}

async function mobileExists(ctx: IdentityCtx, mobile: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.mobile, mobile)).limit(1);
  return row !== undefined;
}

export async function checkName(ctx: IdentityCtx, input: ExistNameInput): Promise<void> {
  if (await nameExists(ctx, input.mName)) throw new Conflict(ACCOUNT_MSG.nameTaken);
}

/**
 * sendSms: a registration code, sent to any phone with the same answer. Whether the phone already
 * has an account is told by register once the code proves the phone is the caller's (Decision 19);
 * an owner who forgot registering gets the code and then that answer. scrm/only/register binding
 * WeChat to an existing account uses the same code.
 */
export async function sendRegisterCode(ctx: IdentityCtx, phone: string): Promise<void> {
  await sendSmsCode(ctx.db, ctx.notifier, { phone, purpose: 'register', ip: ctx.ip });
}

/**
 * sendSmsPwd: the same answer, limits and stored code whether or not the phone has an account;
 * only an account's phone receives the SMS.
 */
export async function sendResetCode(ctx: IdentityCtx, phone: string): Promise<void> {
  await sendSmsCode(ctx.db, ctx.notifier, { phone, purpose: 'reset', ip: ctx.ip, deliver: await mobileExists(ctx, phone) });
}

export async function register(
  ctx: IdentityCtx,
  input: Pick<RegisterInput, 'uName' | 'mobile' | 'code' | 'password'> & { contacter?: string },
  {
    openId,
    counted = false,
  }: {
    openId?: string;
    /** The caller already counted this attempt (scrm/only/register). */
    counted?: boolean;
  } = {},
): Promise<{ memberId: number; loginName: string }> {
  if (!counted) await countAccountAttempt(ctx);
  // Whether a name is taken is public (login/existMName), so it is told without spending the code.
  if (await nameExists(ctx, input.uName)) throw new Conflict(ACCOUNT_MSG.nameTaken);
  // The code first: only the phone's owner learns that it has an account, and a guess costs no
  // password hashing.
  await verifySmsCode(ctx.db, { phone: input.mobile, purpose: 'register', code: input.code });
  if (await mobileExists(ctx, input.mobile)) throw new Conflict(ACCOUNT_MSG.mobileTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [m] = await tx
        .insert(members)
        .values({
          loginName: input.uName,
          mobile: input.mobile,
          contacter: input.contacter ?? '',
          passwordHash,
          wechatOpenId: openId ?? null,
          trialCalls: ctx.freeTestCalls,
        })
        .returning({ id: members.id, loginName: members.loginName });
      if (!m) throw new Error('member insert returned no row');
      // The registering IP counts as a known place for the first login (Decision 17).
      await tx.insert(loginEvents).values({ memberId: m.id, loginName: m.loginName, ip: ctx.ip, userAgent: ctx.userAgent, outcome: 'register' });
      return { memberId: m.id, loginName: m.loginName };
    });
  } catch (err) {
    // Two registrations racing for one name or phone: the unique index decides.
    if (String((err as { code?: unknown }).code) === '23505' || /unique/i.test(String(err))) throw new Conflict(ACCOUNT_MSG.nameTaken);
    throw err;
  }
}

export async function resetPassword(ctx: IdentityCtx, input: ResetPasswordPayload): Promise<void> {
  await countAccountAttempt(ctx);
  // The code first, the same for every phone: a phone without an account has a stored code too
  // (sendResetCode), so a wrong code gets the same answer and nothing is hashed for a guess.
  await verifySmsCode(ctx.db, { phone: input.phone, purpose: 'reset', code: input.yzm });
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.mobile, input.phone)).limit(1);
  // Only a right guess of a code nobody received gets here without an account.
  if (!member) throw new Invalid(SMS_MSG.expired);
  const passwordHash = await hashPassword(input.pwd);
  await ctx.db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await revokeAllSessions(tx, member.id);
  });
}

export async function searchOpenId(ctx: IdentityCtx, openId: string) {
  const [m] = await ctx.db.select({ loginName: members.loginName }).from(members).where(eq(members.wechatOpenId, openId)).limit(1);
  return m ? { status: 'bound' as const, loginName: m.loginName } : { status: 'unbound' as const, loginName: null };
}

/**
 * scrm/only/register: the WeChat openId goes to the account named uName when its password and
 * bound phone match (an existing customer binding WeChat), or to a new account otherwise. It
 * checks a password, so it counts against the login's throttles; the SMS code comes first, and
 * a wrong password or another phone get one answer — only the phone's owner gets that far.
 */
export async function scrmRegister(ctx: IdentityCtx, input: ScrmRegisterInput) {
  await countAccountAttempt(ctx);
  await countPasswordAttempt(ctx, input.uName);
  const [taken] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.wechatOpenId, input.OpenId)).limit(1);
  if (taken) throw new Conflict(ACCOUNT_MSG.openIdTaken);
  const [existing] = await ctx.db
    .select({ id: members.id, loginName: members.loginName, passwordHash: members.passwordHash, mobile: members.mobile })
    .from(members)
    .where(sql`lower(${members.loginName}) = lower(${input.uName})`)
    .limit(1);
  if (!existing) {
    return register(ctx, { ...input, contacter: input.contacter ?? '' }, { openId: input.OpenId, counted: true });
  }
  await verifySmsCode(ctx.db, { phone: input.mobile, purpose: 'register', code: input.code });
  const passwordOk = await verifyPassword(existing.passwordHash, input.password);
  if (!passwordOk || existing.mobile !== input.mobile) {
    await countPasswordFailure(ctx, input.uName, existing.id);
    throw new AppError('ALL_0020');
  }
  await ctx.db.update(members).set({ wechatOpenId: input.OpenId }).where(eq(members.id, existing.id));
  return { memberId: existing.id, loginName: existing.loginName };
}
