// Identity calls of spec 01 §7.2: captchas, SMS codes, registration, password reset, WeChat
// binding, login with the phone check, logout and the login state. Thin: parse, call, answer.
import {
  COOKIE,
  ExistNameInput,
  LoginInput,
  MobileVerifyLoginInput,
  OpenIdInput,
  RegisterInput,
  ResetPasswordPayload,
  ScrmRegisterInput,
  SendSmsInput,
  SendVerifyCodeInput,
  SmsSendInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clearSessionCookies, setSessionCookies } from '../../http/cookies';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { cookieSecure, requireMember } from '../../http/wire';
import type { Notifier } from '../../notify';
import {
  ACCOUNT_MSG,
  checkName,
  register,
  resetPassword,
  scrmRegister,
  searchOpenId,
  sendRegisterCode,
  sendResetCode,
} from './account.service';
import { consumeCaptcha, createCaptcha } from './captcha.service';
import type { IdentityCtx } from './context';
import { type LoginResult, login, mobileVerifyLogin, recordLogout, sendLoginCode } from './login.service';
import { createSession, revokeSession } from './session.service';
import { SMS_MSG, sendSmsCode } from './sms.service';
import { userState } from './user-state.service';

interface Deps {
  config: Config;
  db: Db;
  notifier: Notifier;
}

export async function identityRoutes(app: FastifyInstance, { config, db, notifier }: Deps) {
  const ctxOf = (request: FastifyRequest): IdentityCtx => ({
    db,
    notifier,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    freeTestCalls: config.account.freeTestCalls,
  });
  const body = (request: FastifyRequest) => request.body ?? request.query;
  const captchaKey = (request: FastifyRequest, sent?: string) => sent || request.cookies[COOKIE.imageCodeKey] || undefined;

  /** The login answer: browsers get the HttpOnly cookie only; API clients also get the token. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, result: LoginResult, msg = '登录成功') => {
    setSessionCookies(config, request, reply, { token: result.token, memberId: result.memberId, remember: result.remember });
    const browser = request.headers['x-requested-with'] === 'XMLHttpRequest';
    return ok({ token: browser ? '' : result.token, membershipId: result.memberId, loginName: result.loginName }, msg);
  };

  // ── Captchas ───────────────────────────────────────────────────────────────────────────────
  // memberShip/code?{random}: an <img> source, so unsigned; its key rides in a cookie.
  app.get('/memberShip/code', { config: { sign: false } }, async (request, reply) => {
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

  app.get('/captchaImage', async (request, reply) => {
    const { id, png } = await createCaptcha(db, request.ip);
    reply.header('cache-control', 'no-store');
    return { code: 200, msg: '操作成功', img: png.toString('base64'), uuid: id };
  });

  // ── SMS codes ──────────────────────────────────────────────────────────────────────────────
  app.get('/api/sms/send', async (request) => {
    const input = parseInput(SmsSendInput, request.query);
    await consumeCaptcha(db, input.uuid, input.captcha);
    await sendSmsCode(db, notifier, { phone: input.phone, purpose: 'general', ip: request.ip });
    return ok(null, SMS_MSG.sent);
  });

  app.post('/memberShip/sendVerifyCode', async (request) => {
    const input = parseInput(SendVerifyCodeInput, body(request));
    await consumeCaptcha(db, captchaKey(request, input.imageCodeKey), input.code);
    await sendLoginCode({ ctx: ctxOf(request), phone: input.phone });
    return ok(null, SMS_MSG.sent);
  });

  const sendRegister = async (request: FastifyRequest) => {
    const input = parseInput(SendSmsInput, body(request));
    await consumeCaptcha(db, captchaKey(request, input.imageCodeKey), input.code);
    await sendRegisterCode({ ctx: ctxOf(request), phone: input.phone });
    return ok(null, SMS_MSG.sent);
  };
  app.post('/memberShip/sendSms', sendRegister);
  app.post('/login/sendVerificationCode', sendRegister);

  const sendReset = async (request: FastifyRequest) => {
    const input = parseInput(SendSmsInput, body(request));
    await consumeCaptcha(db, captchaKey(request, input.imageCodeKey), input.code);
    await sendResetCode({ ctx: ctxOf(request), phone: input.phone });
    return ok(null, SMS_MSG.sent);
  };
  app.post('/memberShip/sendSmsPwd', sendReset);
  app.post('/login/validationCode', sendReset);

  // ── Accounts ───────────────────────────────────────────────────────────────────────────────
  app.post('/login/existMName', async (request) => {
    await checkName({ ctx: ctxOf(request), input: parseInput(ExistNameInput, body(request)) });
    return ok({ exists: false }, ACCOUNT_MSG.nameFree);
  });

  const registerRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = parseInput(RegisterInput, body(request));
    const openId = parseInput(OpenIdInput.partial(), body(request)).openId;
    const ctx = ctxOf(request);
    const m = await register({ ctx, input, openId });
    const { token } = await createSession(db, { memberId: m.memberId, remember: false, ip: ctx.ip, userAgent: ctx.userAgent });
    return signedIn(request, reply, { token, memberId: m.memberId, loginName: m.loginName, remember: false }, ACCOUNT_MSG.registered);
  };
  app.post('/memberShip/register', registerRoute);
  app.post('/memberShip/postRegisterUser', registerRoute);

  const resetRoute = async (request: FastifyRequest) => {
    await resetPassword({ ctx: ctxOf(request), input: parseInput(ResetPasswordPayload, body(request)) });
    return ok(null, ACCOUNT_MSG.reset);
  };
  app.post('/memberShip/postModifyPwd', resetRoute);
  app.post('/memberShip/GetPassWord', resetRoute);
  app.post('/memberShip/ChangePassWord', resetRoute);

  // Decision 15: a status and a plain message, never a stack trace.
  const searchStatus = async (request: FastifyRequest) => {
    const { openId } = parseInput(OpenIdInput, body(request));
    const state = await searchOpenId({ ctx: ctxOf(request), openId });
    return ok(state, state.status === 'bound' ? ACCOUNT_MSG.boundAlready : ACCOUNT_MSG.unbound);
  };
  app.get('/scrm/only/searchStatus', searchStatus);
  app.post('/scrm/only/searchStatus', searchStatus);

  app.post('/scrm/only/register', async (request, reply) => {
    const input = parseInput(ScrmRegisterInput, body(request));
    const ctx = ctxOf(request);
    const m = await scrmRegister({ ctx, input });
    const { token } = await createSession(db, { memberId: m.memberId, remember: false, ip: ctx.ip, userAgent: ctx.userAgent });
    return signedIn(request, reply, { token, memberId: m.memberId, loginName: m.loginName, remember: false }, ACCOUNT_MSG.bound);
  });

  // ── Sessions ───────────────────────────────────────────────────────────────────────────────
  app.post('/memberShip/postLogin', async (request, reply) => {
    const input = parseInput(LoginInput, body(request));
    const result = await login({ ctx: ctxOf(request), input: { ...input, imageCodeKey: captchaKey(request, input.imageCodeKey) } });
    return signedIn(request, reply, result);
  });

  app.post('/memberShip/mobileVerifyLogin', async (request, reply) => {
    const result = await mobileVerifyLogin({ ctx: ctxOf(request), input: parseInput(MobileVerifyLoginInput, body(request)) });
    return signedIn(request, reply, result);
  });

  // Logging out always succeeds: the session (if any) is revoked and the cookies cleared.
  app.post('/memberShip/outLogin', async (request, reply) => {
    const member = await request.member();
    const token = request.sessionToken();
    if (token) await revokeSession(db, token);
    if (member) await recordLogout(ctxOf(request), member);
    clearSessionCookies(reply);
    return ok(null, '退出成功');
  });

  app.post('/memberShip/isLoginState', async (request) => ok(await userState(db, await requireMember(request), config.account.specialUsers)));
}
