// Accounts: username availability, registration (SMS-verified phone), password reset (revokes
// every session), and WeChat openId binding (scrm/only/*).
import type { ExistNameInput, RegisterInput, ResetPasswordPayload, ScrmRegisterInput } from '@apimarket/contracts';
import { eq, sql } from 'drizzle-orm';
import { loginEvents, members } from '../../db/schema';
import { AppError, Conflict, Invalid } from '../../http/errors';
import type { IdentityCtx } from './context';
import { hashPassword, verifyPassword } from './password';
import { revokeAllSessions } from './session.service';
import { sendSmsCode, SMS_MSG, verifySmsCode } from './sms.service';

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
  const [row] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.loginName}) = lower(${loginName})`)
    .limit(1);
  return row !== undefined;
}

async function mobileExists(ctx: IdentityCtx, mobile: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.mobile, mobile)).limit(1);
  return row !== undefined;
}

export async function checkName({ ctx, input }: { ctx: IdentityCtx; input: ExistNameInput }): Promise<void> {
  if (await nameExists(ctx, input.mName)) throw new Conflict(ACCOUNT_MSG.nameTaken);
}

/**
 * sendSms: a registration code. A phone that already has an account is told so, except when a
 * WeChat openId is being bound to that account (scrm/only/register).
 */
export async function sendRegisterCode({ ctx, phone, binding = false }: { ctx: IdentityCtx; phone: string; binding?: boolean }): Promise<void> {
  if (!binding && (await mobileExists(ctx, phone))) throw new Conflict(ACCOUNT_MSG.mobileTaken);
  await sendSmsCode(ctx.db, ctx.notifier, { phone, purpose: 'register', ip: ctx.ip });
}

/** sendSmsPwd: answers the same whether or not the phone has an account; sends only if it has. */
export async function sendResetCode({ ctx, phone }: { ctx: IdentityCtx; phone: string }): Promise<void> {
  if (!(await mobileExists(ctx, phone))) return;
  await sendSmsCode(ctx.db, ctx.notifier, { phone, purpose: 'reset', ip: ctx.ip });
}

export async function register({
  ctx,
  input,
  openId,
}: {
  ctx: IdentityCtx;
  input: Pick<RegisterInput, 'uName' | 'mobile' | 'code' | 'password'> & { contacter?: string };
  openId?: string;
}): Promise<{ memberId: number; loginName: string }> {
  // Every check that can fail comes before the SMS code is spent.
  if (await nameExists(ctx, input.uName)) throw new Conflict(ACCOUNT_MSG.nameTaken);
  if (await mobileExists(ctx, input.mobile)) throw new Conflict(ACCOUNT_MSG.mobileTaken);
  const passwordHash = await hashPassword(input.password);
  await verifySmsCode(ctx.db, { phone: input.mobile, purpose: 'register', code: input.code });
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

export async function resetPassword({ ctx, input }: { ctx: IdentityCtx; input: ResetPasswordPayload }): Promise<void> {
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.mobile, input.phone)).limit(1);
  // Without an account no code was sent, so the answer is the same as for a wrong code.
  if (!member) throw new Invalid(SMS_MSG.expired);
  const passwordHash = await hashPassword(input.pwd);
  await verifySmsCode(ctx.db, { phone: input.phone, purpose: 'reset', code: input.yzm });
  await ctx.db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await revokeAllSessions(tx, member.id);
  });
}

export async function searchOpenId({ ctx, openId }: { ctx: IdentityCtx; openId: string }) {
  const [m] = await ctx.db.select({ loginName: members.loginName }).from(members).where(eq(members.wechatOpenId, openId)).limit(1);
  return m ? { status: 'bound' as const, loginName: m.loginName } : { status: 'unbound' as const, loginName: null };
}

/**
 * scrm/only/register: the WeChat openId goes to the account named uName when its password
 * matches (an existing customer binding WeChat), or to a new account otherwise.
 */
export async function scrmRegister({ ctx, input }: { ctx: IdentityCtx; input: ScrmRegisterInput }) {
  const [taken] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.wechatOpenId, input.OpenId)).limit(1);
  if (taken) throw new Conflict(ACCOUNT_MSG.openIdTaken);
  const [existing] = await ctx.db
    .select({ id: members.id, loginName: members.loginName, passwordHash: members.passwordHash, mobile: members.mobile })
    .from(members)
    .where(sql`lower(${members.loginName}) = lower(${input.uName})`)
    .limit(1);
  if (!existing) {
    return register({ ctx, input: { ...input, contacter: input.contacter ?? '' }, openId: input.OpenId });
  }
  if (!(await verifyPassword(existing.passwordHash, input.password)) || existing.mobile !== input.mobile) {
    throw new AppError('ALL_0020');
  }
  await verifySmsCode(ctx.db, { phone: input.mobile, purpose: 'register', code: input.code });
  await ctx.db.update(members).set({ wechatOpenId: input.OpenId }).where(eq(members.id, existing.id));
  return { memberId: existing.id, loginName: existing.loginName };
}
