// Identity calls of spec 01 §7.2 (declared in contracts' identityApi): captchas, SMS codes,
// registration, password reset, WeChat binding, login with the phone check, logout and the
// login state. Thin: parse, call, answer.
import { COOKIE, identityApi, MSG_OK, SUCCESS_CODE } from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { clearSessionCookies, setSessionCookies } from '../../http/cookies';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { cookieSecure } from '../../http/wire';
import type { Notifier } from '../../notify';
import { ACCOUNT_MSG, checkName, register, resetPassword, scrmRegister, searchOpenId, sendRegisterCode, sendResetCode } from './registration.service';
import { consumeCaptcha, createCaptcha } from './captcha.service';
import type { IdentityCtx } from './context';
import { type LoginResult, login, mobileVerifyLogin, recordLogout, sendLoginCode } from './login.service';
import { createSession, revokeSession } from './session.service';
import { SMS_MSG, sendSmsCode } from './sms.service';
import { userState } from './user-state.service';

interface Deps extends RouteDeps {
  config: Config;
  notifier: Notifier;
}

export async function identityRoutes(app: FastifyInstance, deps: Deps) {
  const route = routes(app, deps);
  const { config, db, notifier } = deps;
  const ctxOf = (request: FastifyRequest): IdentityCtx => ({
    db,
    notifier,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    freeTestCalls: config.account.freeTestCalls,
  });
  /** The captcha's key as sent, else the one memberShip/code put in the cookie. */
  const captchaKey = (request: FastifyRequest, sent?: string) => sent || request.cookies[COOKIE.imageCodeKey] || undefined;

  /** The login answer: browsers get the HttpOnly cookie only; API clients also get the token. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, result: LoginResult, msg = '登录成功') => {
    setSessionCookies(config, request, reply, { token: result.token, memberId: result.memberId, remember: result.remember });
    const browser = request.headers['x-requested-with'] === 'XMLHttpRequest';
    return ok({ token: browser ? '' : result.token, membershipId: result.memberId, loginName: result.loginName }, msg);
  };

  // ── Captchas ───────────────────────────────────────────────────────────────────────────────
  // memberShip/code?{random}: an <img> source, so unsigned; its key rides in a cookie.
  route(identityApi.captcha, async ({ request, reply }) => {
    const { id, png } = await createCaptcha(db, request.ip);
    reply.setCookie(COOKIE.imageCodeKey, id, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false, // the login form echoes it as imageCodeKey
      maxAge: 300,
      secure: cookieSecure(config, request),
    });
    return reply.header('cache-control', 'no-store').type('image/png').send(png);
  });

  route(identityApi.captchaImage, async ({ request, reply }) => {
    const { id, png } = await createCaptcha(db, request.ip);
    reply.header('cache-control', 'no-store');
    // The spec's captcha shape: img and uuid beside code and msg, no data.
    return { code: SUCCESS_CODE, msg: MSG_OK, data: undefined, img: png.toString('base64'), uuid: id };
  });

  // ── SMS codes ──────────────────────────────────────────────────────────────────────────────
  route(identityApi.smsSend, async ({ request, input }) => {
    await consumeCaptcha(db, input.uuid, input.captcha);
    await sendSmsCode(db, notifier, { phone: input.phone, purpose: 'general', ip: request.ip });
    return ok(null, SMS_MSG.sent);
  });

  route(identityApi.sendVerifyCode, async ({ request, input }) => {
    await consumeCaptcha(db, captchaKey(request, input.imageCodeKey), input.code);
    await sendLoginCode(ctxOf(request), input.phone);
    return ok(null, SMS_MSG.sent);
  });

  for (const call of [identityApi.sendSms, identityApi.sendVerificationCode]) {
    route(call, async ({ request, input }) => {
      await consumeCaptcha(db, captchaKey(request, input.imageCodeKey), input.code);
      await sendRegisterCode(ctxOf(request), input.phone);
      return ok(null, SMS_MSG.sent);
    });
  }

  for (const call of [identityApi.sendSmsPwd, identityApi.validationCode]) {
    route(call, async ({ request, input }) => {
      await consumeCaptcha(db, captchaKey(request, input.imageCodeKey), input.code);
      await sendResetCode(ctxOf(request), input.phone);
      return ok(null, SMS_MSG.sent);
    });
  }

  // ── Accounts ───────────────────────────────────────────────────────────────────────────────
  route(identityApi.existMName, async ({ request, input }) => {
    await checkName(ctxOf(request), input);
    return ok({ exists: false as const }, ACCOUNT_MSG.nameFree);
  });

  for (const call of [identityApi.register, identityApi.postRegisterUser]) {
    route(call, async ({ request, reply, input }) => {
      const { openId, ...fields } = input;
      const ctx = ctxOf(request);
      const m = await register(ctx, fields, { openId });
      const { token } = await createSession(db, { memberId: m.memberId, remember: false, ip: ctx.ip, userAgent: ctx.userAgent });
      return signedIn(request, reply, { token, memberId: m.memberId, loginName: m.loginName, remember: false }, ACCOUNT_MSG.registered);
    });
  }

  for (const call of [identityApi.postModifyPwd, identityApi.getPassWord, identityApi.changePassWord]) {
    route(call, async ({ request, input }) => {
      await resetPassword(ctxOf(request), input);
      return ok(null, ACCOUNT_MSG.reset);
    });
  }

  // Decision 15: a status and a plain message, never a stack trace.
  for (const call of [identityApi.searchStatusGet, identityApi.searchStatus]) {
    route(call, async ({ request, input }) => {
      const state = await searchOpenId(ctxOf(request), input.openId);
      return ok(state, state.status === 'bound' ? ACCOUNT_MSG.boundAlready : ACCOUNT_MSG.unbound);
    });
  }

  route(identityApi.scrmRegister, async ({ request, reply, input }) => {
    const ctx = ctxOf(request);
    const m = await scrmRegister(ctx, input);
    const { token } = await createSession(db, { memberId: m.memberId, remember: false, ip: ctx.ip, userAgent: ctx.userAgent });
    return signedIn(request, reply, { token, memberId: m.memberId, loginName: m.loginName, remember: false }, ACCOUNT_MSG.bound);
  });

  // ── Sessions ───────────────────────────────────────────────────────────────────────────────
  route(identityApi.login, async ({ request, reply, input }) => {
    const result = await login(ctxOf(request), { ...input, imageCodeKey: captchaKey(request, input.imageCodeKey) });
    return signedIn(request, reply, result);
  });

  route(identityApi.mobileVerifyLogin, async ({ request, reply, input }) => {
    const result = await mobileVerifyLogin(ctxOf(request), input);
    return signedIn(request, reply, result);
  });

  // Logging out always succeeds: the session (if any) is revoked and the cookies cleared.
  route(identityApi.logout, async ({ request, reply }) => {
    const member = await request.member();
    const token = request.sessionToken();
    if (token) await revokeSession(db, token);
    if (member) await recordLogout(ctxOf(request), member);
    clearSessionCookies(reply);
    return ok(null, '退出成功');
  });

  route(identityApi.loginState, async ({ caller }) => ok(await userState(db, caller, config.account.specialUsers)));
}
