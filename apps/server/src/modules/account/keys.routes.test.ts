// Keys and secrets (spec 02 §7): what a customer sees of the app key, secret, modes and RSA keys,
// what the database holds instead of clear values, and what the gateway will read back.
import { constants, createHash, createPublicKey, createSign, createVerify, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import { KEYS_MSG } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKeys, accountSecrets, members, messages } from '../../db/schema';
import { approve, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, logCapture, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { hashPassword } from '../identity/password';
import { createSession } from '../identity/session.service';
import { accountSecretsForGateway, customerPublicKey, memberIdForAppKey, platformPrivateKey } from './keys.service';

// Every log line of the run: no clear secret or private key may ever appear in one.
const { lines: logLines, stream: sink } = logCapture();

let t: TestApp;
/** Every clear secret and private key the server handed out during the run. */
const handedOut: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ logStream: sink });
});
afterAll(() => t.close());

const call = (path: string, a: TestAccount | null, fields: Record<string, string> = {}) =>
  post(t, `myAccount/${path}`, fields, a ? { cookies: a.cookies } : {});
/** A change, confirmed with the account's login password as the page asks for it. */
const change = (path: string, a: TestAccount, fields: Record<string, string>) => call(path, a, { ...fields, password: a.password });

async function createSecret(a: TestAccount): Promise<string> {
  const res = await change('docSecretKey', a, { action: 'create' });
  expect(res.statusCode).toBe(200);
  const secret: string = res.json().data.secret;
  handedOut.push(secret);
  return secret;
}

async function securityMessages(memberId: number) {
  return t.database.db
    .select({ title: messages.title, body: messages.body })
    .from(messages)
    .where(and(eq(messages.memberId, memberId), eq(messages.kind, 'security')));
}

const PATHS = ['myAppKey', 'docSecretKey', 'encryptSign', 'asymmetrySecret', 'asymmetry'];

describe('access', () => {
  it('answers ALL_0024 to anonymous callers on every call', async () => {
    for (const path of PATHS) {
      const res = await call(path, null, { action: 'create' });
      expect(res.statusCode, path).toBe(401);
      expect(res.json().code).toBe('ALL_0024');
    }
  });

  it('answers ALL_0060 while the company is not authenticated', async () => {
    const a = await newAccount(t, '10.31.0.1');
    for (const path of PATHS) {
      const res = await call(path, a, { action: 'generate' });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ALL_0060', msg: '请先完成企业认证' });
    }
    expect(await t.database.db.select().from(accountKeys).where(eq(accountKeys.memberId, a.memberId))).toEqual([]);
  });
});

describe('app key and secret', () => {
  let a: TestAccount;
  let first = '';
  beforeAll(async () => {
    a = await qualifiedAccount(t, '10.31.0.2');
  });

  it('gives a public app key on first read, and no secret yet', async () => {
    const res = await call('myAppKey', a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toEqual({
      appKey: expect.stringMatching(/^AK[A-Z2-7]{20}$/),
      hasSecret: false,
      secretMasked: '',
      createdAt: null,
      rotatedAt: null,
      previousValidUntil: null,
      signMode: 'none',
      encryptMode: 'none',
    });
    expect((await call('myAppKey', a)).json().data.appKey).toBe(data.appKey);
    expect(await memberIdForAppKey(t.database.db, data.appKey)).toBe(a.memberId);
  });

  it('shows a created secret once, then only its masked form', async () => {
    const res = await change('docSecretKey', a, { action: 'create' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().msg).toBe(KEYS_MSG.secretCreated);
    const data = res.json().data;
    expect(data).toEqual({ appKey: expect.stringMatching(/^AK/), secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), previousValidUntil: null });
    first = data.secret;
    handedOut.push(first);

    const view = await call('myAppKey', a);
    expect(view.body).not.toContain(first);
    expect(view.json().data).toMatchObject({ hasSecret: true, secretMasked: `****${first.slice(-4)}`, rotatedAt: null, previousValidUntil: null });
    expect(Date.now() - Date.parse(view.json().data.createdAt)).toBeLessThan(60_000);
  });

  it('refuses a second create and says to rotate', async () => {
    const res = await change('docSecretKey', a, { action: 'create' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ALL_0013', msg: KEYS_MSG.secretExists });
    expect(KEYS_MSG.secretExists).toContain('轮换');
  });

  it('refuses an unknown action', async () => {
    const res = await change('docSecretKey', a, { action: 'delete' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: KEYS_MSG.action });
  });

  it('stores the secret encrypted, not in clear', async () => {
    const [row] = await t.database.db.select().from(accountSecrets).where(eq(accountSecrets.memberId, a.memberId));
    expect(row?.secretEnc).toBeTruthy();
    expect(row?.secretEnc).not.toContain(first);
    // iv(12) ‖ ciphertext(43) ‖ tag(16)
    expect(Buffer.from(row?.secretEnc ?? '', 'base64').length).toBe(12 + 43 + 16);
    expect(JSON.stringify(row)).not.toContain(first);
    expect(await accountSecretsForGateway(t.database.db, t.config, a.memberId)).toEqual({ current: first, previous: null });
  });

  it('rotates: a new secret, the previous one valid through the grace, then only the new one', async () => {
    const res = await change('docSecretKey', a, { action: 'rotate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().msg).toBe(KEYS_MSG.secretRotated);
    const { secret, previousValidUntil } = res.json().data;
    handedOut.push(secret);
    expect(secret).not.toBe(first);
    const graceMs = t.config.secrets.rotationGraceHours * 3_600_000;
    expect(graceMs).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(previousValidUntil) - (Date.now() + graceMs))).toBeLessThan(60_000);

    expect(await accountSecretsForGateway(t.database.db, t.config, a.memberId)).toEqual({ current: secret, previous: first });
    const view = (await call('myAppKey', a)).json().data;
    expect(view).toMatchObject({ secretMasked: `****${secret.slice(-4)}`, previousValidUntil });
    expect(view.rotatedAt).not.toBeNull();

    // The grace ends.
    await t.database.db.update(accountSecrets).set({ previousValidUntil: sql`now() - interval '1 minute'` }).where(eq(accountSecrets.memberId, a.memberId));
    expect(await accountSecretsForGateway(t.database.db, t.config, a.memberId)).toEqual({ current: secret, previous: null });
    expect((await call('myAppKey', a)).json().data.previousValidUntil).toBeNull();
  });

  it('tells the member about each create and rotation, without the secret', async () => {
    const sent = await securityMessages(a.memberId);
    expect(sent.map((m) => m.title)).toEqual(expect.arrayContaining(['接口密钥已创建', '接口密钥已轮换']));
    for (const m of sent) for (const s of handedOut) expect(`${m.title}${m.body}`).not.toContain(s);
  });
});

describe('the login password before a change', () => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await qualifiedAccount(t, '10.31.0.9');
  });

  /** What a change could have touched: the stored material, the modes and the 安全提醒 messages. */
  const snapshot = async () => ({
    secrets: await t.database.db.select().from(accountSecrets).where(eq(accountSecrets.memberId, a.memberId)),
    keys: (await t.database.db.select().from(accountKeys).where(eq(accountKeys.memberId, a.memberId))).map((k) => k.customerPublicKey),
    messages: await securityMessages(a.memberId),
  });

  it('changes nothing without the password or with a wrong one, and says which', async () => {
    await call('myAppKey', a);
    await call('asymmetrySecret', a);
    const before = await snapshot();
    const attempts: Array<[string, Record<string, string>]> = [
      ['docSecretKey', { action: 'create' }],
      ['asymmetry', { action: 'generate' }],
      ['encryptSign', { signMode: 'none', encryptMode: 'none' }],
    ];
    for (const [path, fields] of attempts) {
      const missing = await call(path, a, fields);
      expect(missing.statusCode, path).toBe(400);
      expect(missing.json()).toEqual({ code: 'ALL_0001', msg: KEYS_MSG.passwordRequired });
      const wrong = await call(path, a, { ...fields, password: `${a.password}x` });
      expect(wrong.statusCode, path).toBe(400);
      expect(wrong.json()).toEqual({ code: 'ALL_0001', msg: '登录密码错误，密钥与调用方式均未更改' });
    }
    expect(await snapshot()).toEqual(before);
    expect(before.secrets[0]?.secretEnc).toBeNull();
  });

  it('with the right password the secret is created and signed calls switched on', async () => {
    const created = await change('docSecretKey', a, { action: 'create' });
    expect(created.json().msg).toBe(KEYS_MSG.secretCreated);
    handedOut.push(created.json().data.secret);
    const switched = await change('encryptSign', a, { signMode: 'hmac-sha256' });
    expect(switched.json()).toMatchObject({ code: 200, msg: KEYS_MSG.modesSaved, data: { signMode: 'hmac-sha256', encryptMode: 'none' } });
    expect((await call('myAppKey', a)).json().data).toMatchObject({ hasSecret: true, signMode: 'hmac-sha256' });
  });

  it('locks after five wrong passwords, even against the right one, and changes nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await call('encryptSign', a, { signMode: 'none', password: 'wrong-one' })).statusCode).toBe(400);
    const locked = await change('encryptSign', a, { signMode: 'none' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe('密码错误次数过多，请15分钟后再试');
    expect((await call('encryptSign', a)).json().data.signMode).toBe('hmac-sha256');
  });

  it('lets no more than five guesses through when they arrive together', async () => {
    const b = await qualifiedAccount(t, '10.31.0.10');
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('encryptSign', b, { signMode: 'none', password: 'wrong-one' })));
    const codes = answers.map((r) => r.statusCode);
    expect(answers.filter((r) => r.json().msg === '登录密码错误，密钥与调用方式均未更改')).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});

describe('sign and encrypt modes', () => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await qualifiedAccount(t, '10.31.0.3');
  });

  it('reads the modes when no mode is sent', async () => {
    const res = await call('encryptSign', a);
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功', data: { signMode: 'none', encryptMode: 'none' } });
  });

  it('refuses what the account cannot support yet, each with its message', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ signMode: 'hmac-sha256' }, KEYS_MSG.signNeedsSecret],
      [{ signMode: 'md5' }, KEYS_MSG.signNeedsSecret],
      [{ encryptMode: 'aes-256-gcm' }, KEYS_MSG.encryptNeedsSecret],
      [{ signMode: 'rsa-sha256' }, KEYS_MSG.signNeedsCustomerKey],
      [{ encryptMode: 'rsa' }, KEYS_MSG.encryptNeedsCustomerKey],
      [{ signMode: 'sha1' }, KEYS_MSG.signMode],
      [{ encryptMode: 'des' }, KEYS_MSG.encryptMode],
    ];
    for (const [fields, msg] of cases) {
      const res = await change('encryptSign', a, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ code: 'ALL_0001', msg });
    }
    expect((await call('encryptSign', a)).json().data).toEqual({ signMode: 'none', encryptMode: 'none' });
  });

  it('refuses to rotate before a secret exists', async () => {
    const res = await change('docSecretKey', a, { action: 'rotate' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ALL_0013', msg: KEYS_MSG.secretMissing });
  });

  it('saves the secret-based modes once there is a secret', async () => {
    await createSecret(a);
    const res = await change('encryptSign', a, { signMode: 'hmac-sha256', encryptMode: 'aes-256-gcm' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: KEYS_MSG.modesSaved, data: { signMode: 'hmac-sha256', encryptMode: 'aes-256-gcm' } });
    // One field changes one mode; the other stays.
    const one = await change('encryptSign', a, { signMode: 'md5', encryptMode: '' });
    expect(one.json().data).toEqual({ signMode: 'md5', encryptMode: 'aes-256-gcm' });
    expect((await call('myAppKey', a)).json().data).toMatchObject({ signMode: 'md5', encryptMode: 'aes-256-gcm' });
    expect((await securityMessages(a.memberId)).map((m) => m.title)).toContain('接口签名与加密方式已变更');
  });
});

describe('asymmetric keys', () => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await qualifiedAccount(t, '10.31.0.4');
  });

  it('makes the platform key pair on first read and keeps its private key encrypted', async () => {
    const res = await call('asymmetrySecret', a);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      platformPublicKey: expect.stringContaining('-----BEGIN PUBLIC KEY-----'),
      hasCustomerKey: false,
      customerKeyFingerprint: '',
      customerKeyBits: null,
      customerKeySource: null,
      customerKeyUploadedAt: null,
    });
    expect(createPublicKey(data.platformPublicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect((await call('asymmetrySecret', a)).json().data.platformPublicKey).toBe(data.platformPublicKey);

    const [row] = await t.database.db.select().from(accountKeys).where(eq(accountKeys.memberId, a.memberId));
    expect(row?.platformPrivateEnc).not.toContain('PRIVATE KEY');
    // What a customer encrypts to the platform's public key, the gateway can open.
    const priv = await platformPrivateKey(t.database.db, t.config, a.memberId);
    expect(priv).toContain('-----BEGIN PRIVATE KEY-----');
    handedOut.push(priv ?? '');
    const sealed = publicEncrypt({ key: data.platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('你好'));
    expect(privateDecrypt({ key: priv ?? '', padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sealed).toString()).toBe('你好');
  });

  it('generates a customer pair, answers the private key once and keeps only the public key', async () => {
    const res = await change('asymmetry', a, { action: 'generate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().msg).toBe(KEYS_MSG.keyGenerated);
    const data = res.json().data;
    expect(data).toMatchObject({ action: 'generate', bits: 2048, privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----') });
    handedOut.push(data.privateKey);

    // A request signed with the handed-out private key verifies against what the platform stored.
    const stored = await customerPublicKey(t.database.db, a.memberId);
    expect(stored).toBe(data.publicKey);
    const payload = 'key=abc&cdpDate=1700000000000';
    const signature = createSign('sha256').update(payload).sign(data.privateKey);
    expect(
      createVerify('sha256')
        .update(payload)
        .verify(stored ?? '', signature),
    ).toBe(true);

    const [row] = await t.database.db.select().from(accountKeys).where(eq(accountKeys.memberId, a.memberId));
    expect(JSON.stringify(row)).not.toContain(data.privateKey.split('\n')[1]);
    const der = createPublicKey(stored ?? '').export({ type: 'spki', format: 'der' });
    const view = (await call('asymmetrySecret', a)).json().data;
    expect(view).toMatchObject({
      hasCustomerKey: true,
      customerKeyFingerprint: createHash('sha256').update(der).digest('hex'),
      customerKeySource: 'generate',
      customerKeyBits: 2048,
    });
    expect(view.customerKeyFingerprint).toBe(data.fingerprint);
    expect(res.json().data.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // RSA signing may now be chosen.
    const mode = await change('encryptSign', a, { signMode: 'rsa-sha256', encryptMode: 'rsa' });
    expect(mode.statusCode).toBe(200);
    expect(mode.json().data).toEqual({ signMode: 'rsa-sha256', encryptMode: 'rsa' });
  });

  it('refuses uploads that are not a 2048-bit-or-larger RSA public key, each with its message', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const cases: Array<[string, string]> = [
      ['', KEYS_MSG.publicKeyRequired],
      ['not a key at all', KEYS_MSG.publicKeyFormat],
      ['-----BEGIN PUBLIC KEY-----\nAAAAnotbase64der\n-----END PUBLIC KEY-----', KEYS_MSG.publicKeyFormat],
      [ec, KEYS_MSG.publicKeyNotRsa],
      [short.publicKey.export({ type: 'spki', format: 'pem' }).toString(), KEYS_MSG.publicKeyTooShort],
      [short.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), KEYS_MSG.privateKeyPasted],
      [`-----BEGIN PUBLIC KEY-----\n${'A'.repeat(5000)}\n-----END PUBLIC KEY-----`, KEYS_MSG.publicKeyTooLong],
    ];
    for (const [publicKey, msg] of cases) {
      const res = await change('asymmetry', a, { action: 'upload', publicKey });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toEqual({ code: 'ALL_0001', msg });
    }
    // The generated key is still the one on file.
    expect((await call('asymmetrySecret', a)).json().data.customerKeySource).toBe('generate');
  });

  it('accepts an RSA public key in PKCS#1 form and stores it normalised', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const pkcs1 = pair.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const res = await change('asymmetry', a, { action: 'upload', publicKey: pkcs1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(KEYS_MSG.keyUploaded);
    const spki = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const fingerprint = createHash('sha256')
      .update(pair.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('hex');
    expect(res.json().data).toMatchObject({ action: 'upload', publicKey: spki, fingerprint, bits: 3072, privateKey: null });
    expect(await customerPublicKey(t.database.db, a.memberId)).toBe(spki);
    expect((await call('asymmetrySecret', a)).json().data).toMatchObject({
      customerKeyFingerprint: fingerprint,
      customerKeySource: 'upload',
      customerKeyBits: 3072,
    });
    expect((await securityMessages(a.memberId)).map((m) => m.title)).toEqual(expect.arrayContaining(['客户密钥对已生成', '客户公钥已上传']));
  });
});

describe('isolation', () => {
  it("keeps each member's material to itself, whatever ids the request carries", async () => {
    const a = await qualifiedAccount(t, '10.31.0.5');
    const b = await qualifiedAccount(t, '10.31.0.6');
    const aSecret = await createSecret(a);
    await change('asymmetry', a, { action: 'generate' }).then((r) => handedOut.push(r.json().data.privateKey));
    const aView = (await call('myAppKey', a)).json().data;
    const aKeys = (await call('asymmetrySecret', a)).json().data;

    // B names A in every way a request could; the session decides.
    const spoof = { memberId: String(a.memberId), membershipId: String(a.memberId), appKey: aView.appKey };
    const bView = (await call('myAppKey', b, spoof)).json().data;
    expect(bView.appKey).not.toBe(aView.appKey);
    expect(bView.hasSecret).toBe(false);
    const bKeys = (await call('asymmetrySecret', b, spoof)).json().data;
    expect(bKeys.platformPublicKey).not.toBe(aKeys.platformPublicKey);
    expect(bKeys.hasCustomerKey).toBe(false);
    expect((await change('encryptSign', b, { ...spoof, signMode: 'hmac-sha256' })).json().msg).toBe(KEYS_MSG.signNeedsSecret);
    expect((await change('docSecretKey', b, { ...spoof, action: 'rotate' })).json().msg).toBe(KEYS_MSG.secretMissing);

    // A's material is untouched by B's calls.
    expect(await accountSecretsForGateway(t.database.db, t.config, a.memberId)).toEqual({ current: aSecret, previous: null });
    expect(await accountSecretsForGateway(t.database.db, t.config, b.memberId)).toEqual({ current: null, previous: null });
    expect(await customerPublicKey(t.database.db, b.memberId)).toBeNull();
  });

  it('gives a sub-account its own secrets under its authenticated parent', async () => {
    const parent = await newAccount(t, '10.31.0.7');
    await approve(t, parent.memberId);
    const [sub] = await t.database.db
      .insert(members)
      .values({ loginName: `sub${parent.memberId}`, mobile: '13900000000', passwordHash: await hashPassword(parent.password), parentId: parent.memberId })
      .returning({ id: members.id });
    const subId = sub?.id ?? 0;
    const { token } = await createSession(t.database.db, { memberId: subId, remember: false, ip: '10.31.0.8', userAgent: 'vitest' });
    const child: TestAccount = { ...parent, memberId: subId, token, cookies: { myToken: token, membershipId: String(subId) } };

    const parentSecret = await createSecret(parent);
    const res = await call('myAppKey', child);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.hasSecret).toBe(false);
    const childSecret = await createSecret(child);
    expect(childSecret).not.toBe(parentSecret);
    expect((await accountSecretsForGateway(t.database.db, t.config, subId)).current).toBe(childSecret);
    expect((await accountSecretsForGateway(t.database.db, t.config, parent.memberId)).current).toBe(parentSecret);
  });
});

describe('logs', () => {
  it('never carry a clear secret or private key', () => {
    expect(handedOut.length).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(10);
    const all = logLines.join('\n');
    for (const s of handedOut) expect(all).not.toContain(s.includes('\n') ? (s.split('\n')[1] ?? s) : s);
  });
});
