// The signed and encrypted modes of the open data API, end to end through the portal calls a
// customer uses to set them up (secret, modes, RSA keys) and the gateway route: every refusal
// code with its message, nothing charged for a refusal, and answers sealed as documented.
import { constants, createDecipheriv, createPrivateKey, createPublicKey, privateDecrypt, publicEncrypt, randomBytes, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { clearGatewayCaches } from './gateway.service';
import { aesKeyOf, hmacSign, md5Sign, sealAes, signingString } from './signed';

let t: TestApp;
const PATH = '/communication/personal/1882';
const ZHANG = { name: '张三', idcard: '110101199003074514' };
let nonceCount = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

interface Customer {
  account: TestAccount;
  key: string;
  appKey: string;
  secret: string;
}

async function customer(ip: string): Promise<Customer> {
  const account = await qualifiedAccount(t, ip);
  const key = await buyCheapest(t, account, 1882);
  const appKey = (await post(t, 'myAccount/myAppKey', {}, { cookies: account.cookies })).json().data.appKey;
  const secret = (await post(t, 'myAccount/docSecretKey', { action: 'create', password: account.password }, { cookies: account.cookies })).json().data.secret;
  return { account, key, appKey, secret };
}

async function modes(c: Customer, fields: { signMode?: string; encryptMode?: string }) {
  const res = await post(t, 'myAccount/encryptSign', { ...fields, password: c.account.password }, { cookies: c.account.cookies });
  expect(res.json().code).toBe(200);
}

const call = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
    payload: new URLSearchParams(fields).toString(),
  });

const callsLeft = async (key: string) => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n;

const nonce = () => `n${Date.now().toString(36)}${(nonceCount++).toString(36).padStart(6, '0')}`;

/** The signed fields of a call, signed with `make` over the documented signing string. */
function signed(c: Customer, fields: Record<string, string>, make: (text: string) => string, at = Date.now()) {
  const all = { key: c.key, appKey: c.appKey, timestamp: String(at), nonce: nonce(), ...fields };
  return { ...all, sign: make(signingString(all)) };
}

function openAes(key: Buffer, sealed: string): unknown {
  const raw = Buffer.from(sealed, 'base64');
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return JSON.parse(Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8'));
}

describe('signed mode (hmac-sha256)', () => {
  let c: Customer;
  beforeAll(async () => {
    c = await customer('10.62.0.1');
    await modes(c, { signMode: 'hmac-sha256' });
  });

  it('answers a correctly signed call and charges it', async () => {
    const before = await callsLeft(c.key);
    const body = (await call(signed(c, ZHANG, (s) => hmacSign(s, c.secret)))).json();
    expect(body).toMatchObject({ code: '10000', data: { result: '1' } });
    expect(await callsLeft(c.key)).toBe((before ?? 0) - 1);
  });

  it('refuses each faulty call with its code and message, charging nothing', async () => {
    const before = await callsLeft(c.key);
    const good = (f = ZHANG) => signed(c, f, (s) => hmacSign(s, c.secret));

    const plain = (await call({ key: c.key, ...ZHANG })).json();
    expect(plain).toMatchObject({ code: 'SYSTEM_034', message: '缺少签名参数：appKey、timestamp、nonce、sign', data: null });

    expect((await call({ ...good(), signMethod: 'md5' })).json()).toMatchObject({
      code: 'SYSTEM_041',
      message: '签名方式与账号设置不符：账号设置为 hmac-sha256',
    });
    expect((await call(signed(c, ZHANG, (s) => hmacSign(s, c.secret), Date.now() - 6 * 60_000))).json()).toMatchObject({
      code: 'SYSTEM_036',
      message: '时间戳无效或已过期',
    });
    expect((await call({ ...good(), sign: 'ab'.repeat(32) })).json()).toMatchObject({ code: 'SYSTEM_035', message: '签名错误' });
    // Changing a parameter after signing breaks the signature.
    expect((await call({ ...good(), name: '李四' })).json()).toMatchObject({ code: 'SYSTEM_035' });
    expect((await call({ ...good(), nonce: 'x' })).json().code).toBe('SYSTEM_034');
    // A valid app key of another account is no use.
    const other = await customer('10.62.0.2');
    expect((await call(signed({ ...c, appKey: other.appKey }, ZHANG, (s) => hmacSign(s, c.secret)))).json().code).toBe('SYSTEM_035');

    const once = good();
    expect((await call(once)).json().code).toBe('10000');
    expect((await call(once)).json()).toMatchObject({ code: 'SYSTEM_040', message: '请求重复（nonce 已使用）', data: null });
    expect(await callsLeft(c.key)).toBe((before ?? 0) - 1);
  });

  it('accepts the previous secret during the rotation grace', async () => {
    const old = c.secret;
    const rotated = (await post(t, 'myAccount/docSecretKey', { action: 'rotate', password: c.account.password }, { cookies: c.account.cookies })).json().data
      .secret;
    expect((await call(signed(c, ZHANG, (s) => hmacSign(s, rotated)))).json().code).toBe('10000');
    expect((await call(signed(c, ZHANG, (s) => hmacSign(s, old)))).json().code).toBe('10000');
    c.secret = rotated;
  });
});

describe('signed mode (md5, rsa-sha256) and the plain mode', () => {
  it('md5 over the signing string and "&secret="', async () => {
    const c = await customer('10.62.0.3');
    await modes(c, { signMode: 'md5' });
    expect((await call(signed(c, ZHANG, (s) => md5Sign(s, c.secret)))).json().code).toBe('10000');
    expect((await call(signed(c, ZHANG, (s) => md5Sign(s, 'wrong')))).json().code).toBe('SYSTEM_035');
  });

  it('rsa-sha256 with the customer private key generated in 账号设置', async () => {
    const c = await customer('10.62.0.4');
    const pair = (await post(t, 'myAccount/asymmetry', { action: 'generate', password: c.account.password }, { cookies: c.account.cookies })).json().data;
    await modes(c, { signMode: 'rsa-sha256' });
    const key = createPrivateKey(pair.privateKey);
    const rsa = (text: string) => sign('sha256', Buffer.from(text, 'utf8'), key).toString('base64');
    expect((await call(signed(c, ZHANG, rsa))).json().code).toBe('10000');
    expect((await call(signed(c, ZHANG, (s) => hmacSign(s, c.secret)))).json().code).toBe('SYSTEM_035');
  });

  it('an account without a mode calls with the key alone, and is told when it believes it signs', async () => {
    const c = await customer('10.62.0.5');
    expect((await call({ key: c.key, ...ZHANG })).json().code).toBe('10000');
    expect((await call({ key: c.key, ...ZHANG, signMethod: 'hmac-sha256' })).json()).toMatchObject({
      code: 'SYSTEM_041',
      message: '签名方式与账号设置不符',
    });
  });
});

describe('encrypted mode', () => {
  it('aes-256-gcm: parameters sealed under SHA-256(secret), the answer data sealed the same way', async () => {
    const c = await customer('10.62.0.6');
    await modes(c, { encryptMode: 'aes-256-gcm' });
    const key = aesKeyOf(c.secret);
    const before = await callsLeft(c.key);
    const body = (await call({ key: c.key, data: sealAes(key, JSON.stringify(ZHANG)) })).json();
    expect(body.code).toBe('10000');
    expect(typeof body.data).toBe('string');
    expect(openAes(key, body.data)).toMatchObject({ result: '1' });
    expect(await callsLeft(c.key)).toBe((before ?? 0) - 1);

    expect((await call({ key: c.key, ...ZHANG })).json()).toMatchObject({ code: 'SYSTEM_039', message: '加密参数格式错误：缺少 data' });
    expect((await call({ key: c.key, data: '不是密文' })).json().code).toBe('SYSTEM_039');
    expect((await call({ key: c.key, data: sealAes(aesKeyOf('another secret'), JSON.stringify(ZHANG)) })).json()).toMatchObject({
      code: 'SYSTEM_037',
      message: '请求解密失败',
    });
    expect((await call({ key: c.key, data: sealAes(key, '["张三"]') })).json().code).toBe('SYSTEM_039');
    // A platform refusal has no data to seal; a missing parameter is named after decryption.
    const missing = (await call({ key: c.key, data: sealAes(key, JSON.stringify({ name: '张三' })) })).json();
    expect(missing).toMatchObject({ code: 'SYSTEM_011', message: '缺少必填参数：idcard', data: null });
    expect(await callsLeft(c.key)).toBe((before ?? 0) - 1);
  });

  it('signed and encrypted together: the signature covers the sealed data', async () => {
    const c = await customer('10.62.0.7');
    await modes(c, { signMode: 'hmac-sha256', encryptMode: 'aes-256-gcm' });
    const data = sealAes(aesKeyOf(c.secret), JSON.stringify(ZHANG));
    const body = (await call(signed(c, { data }, (s) => hmacSign(s, c.secret)))).json();
    expect(body.code).toBe('10000');
    expect(openAes(aesKeyOf(c.secret), body.data)).toMatchObject({ result: '1' });
  });

  it('rsa: an AES key wrapped to the platform public key; the answer wrapped to the customer public key', async () => {
    const c = await customer('10.62.0.8');
    const pair = (await post(t, 'myAccount/asymmetry', { action: 'generate', password: c.account.password }, { cookies: c.account.cookies })).json().data;
    const platformPem = (await post(t, 'myAccount/asymmetrySecret', {}, { cookies: c.account.cookies })).json().data.platformPublicKey;
    await modes(c, { encryptMode: 'rsa' });
    const oaep = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
    const aes = randomBytes(32);
    const wrapped = publicEncrypt({ key: createPublicKey(platformPem), ...oaep }, aes).toString('base64');
    const body = (await call({ key: c.key, data: `${wrapped}.${sealAes(aes, JSON.stringify(ZHANG))}` })).json();
    expect(body.code).toBe('10000');
    const [answerKey, answerBody] = String(body.data).split('.');
    const clearKey = privateDecrypt({ key: createPrivateKey(pair.privateKey), ...oaep }, Buffer.from(answerKey ?? '', 'base64'));
    expect(openAes(clearKey, answerBody ?? '')).toMatchObject({ result: '1' });
    expect((await call({ key: c.key, data: `${wrapped}` })).json().code).toBe('SYSTEM_039');
  });
});
