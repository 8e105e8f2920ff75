// Helpers for tests that go through sign-up and sign-in the way a client does: captchas are
// answered through the dev endpoint and SMS codes read from the outbox, like a person would.
import type { LightMyRequestResponse } from 'fastify';
import { FORM, form, multipartBody, signed, type TestApp, type UploadFile } from './harness';

export interface CallOptions {
  ip?: string;
  cookies?: Record<string, string>;
  /** Omit X-Requested-With (a non-browser API client). */
  apiClient?: boolean;
  /** Send the session in the token field (signed with it), as a non-browser client does. */
  token?: string;
}

export function post(t: TestApp, path: string, fields: Record<string, string>, o: CallOptions = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/apiHome/${path}`,
    headers: {
      ...FORM,
      ...(o.apiClient ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
      ...(o.ip ? { 'x-forwarded-for': o.ip } : {}),
      'user-agent': 'vitest',
    },
    cookies: o.cookies ?? {},
    payload: form(signed(t.config, fields, { token: o.token ?? '' })),
  });
}

export function get(t: TestApp, path: string, query: Record<string, string> = {}, o: CallOptions = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/apiHome/${path}`,
    query: signed(t.config, query),
    headers: { ...(o.ip ? { 'x-forwarded-for': o.ip } : {}) },
    cookies: o.cookies ?? {},
  });
}

/** An upload as a page sends it: a signed multipart post of the fields, then the file. */
export function postMultipart(t: TestApp, path: string, fields: Record<string, string>, file?: UploadFile, o: CallOptions = {}) {
  const { payload, headers } = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/apiHome/${path}`,
    query: signed(t.config),
    headers: { ...headers, ...(o.apiClient ? {} : { 'x-requested-with': 'XMLHttpRequest' }), ...(o.ip ? { 'x-forwarded-for': o.ip } : {}) },
    cookies: o.cookies ?? {},
    payload,
  });
}

/** A fresh captcha: its uuid and (through the dev endpoint) its answer. */
export async function captcha(t: TestApp, ip?: string): Promise<{ uuid: string; text: string }> {
  const res = await get(t, 'captchaImage', {}, { ip });
  const uuid: string = res.json().uuid;
  const answer = await t.app.inject({ method: 'GET', url: `/apiHome/dev/captcha?uuid=${uuid}` });
  return { uuid, text: answer.json().data.text };
}

/** The code of the newest SMS sent to the phone, or null. */
export async function lastSmsCode(t: TestApp, phone: string): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url: `/apiHome/dev/outbox?to=${phone}` });
  return res.json().rows[0]?.code ?? null;
}

export async function smsCount(t: TestApp, phone: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/apiHome/dev/outbox?to=${phone}` });
  return res.json().total;
}

export function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** The sign-up page's form (password abc123) with the phone's SMS code. */
export const registerForm = (mobile: string, code: string, uName: string) => ({
  contacter: '王五',
  uName,
  password: 'abc123',
  checkPass: 'abc123',
  mobile,
  code,
  imgCode: 'ab12',
});

/** Register an account end to end from the given IP; returns the session cookie. */
export async function registerAccount(t: TestApp, account: { uName: string; mobile: string; password: string }, ip = '10.1.1.1'): Promise<string> {
  const c = await captcha(t, ip);
  const sent = await post(t, 'memberShip/sendSms', { phone: account.mobile, code: c.text, imageCodeKey: c.uuid }, { ip });
  if (sent.statusCode !== 200) throw new Error(`sendSms failed: ${sent.body}`);
  const code = (await lastSmsCode(t, account.mobile)) ?? '';
  const res = await post(
    t,
    'memberShip/register',
    { contacter: '测试联系人', uName: account.uName, password: account.password, checkPass: account.password, mobile: account.mobile, code, imgCode: c.text },
    { ip },
  );
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return cookieOf(res, 'myToken')?.value ?? '';
}

/** Let time pass for everything throttled or recent: SMS resend windows and sent codes. */
export async function ageSms(t: TestApp, seconds: number): Promise<void> {
  const { sql } = await import('drizzle-orm');
  await t.database.db.execute(sql`update sms_codes set created_at = created_at - make_interval(secs => ${seconds})`);
}
