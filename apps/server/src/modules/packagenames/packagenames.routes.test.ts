// 包名管理 through the real calls on PGlite: menu code 6 gates every call; entries are added,
// changed, enabled and disabled by their main account only, with every format refused in words;
// another company's id answers as a nonexistent one; a sub-account reads its main account's list.
// Then the gateway: an SDK interface's call must declare an enabled app of its buyer (SYSTEM_048,
// not charged, otherwise); other interfaces and the platform's own calls for the owner are exempt.
import { FEATURE, featureMissing, PACKAGE_LIMITS, PACKAGE_MSG, PLATFORM_CODES } from '@apimarket/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignments, callRecords, interfaceDocs, interfaces, members, messages, packageNames, purchases, subAccounts } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { appHeaders, gatewayPost } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { GRACE_TITLE } from './packagenames.service';

let t: TestApp;
let owner: TestAccount;
let other: TestAccount;
const IP = '198.51.100.31';
const db = () => t.database.db;
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, `myPackage/${path}`, fields, { cookies: a.cookies, ip: IP });
const FP = 'ab'.repeat(32);
const FP_NORMAL = Array(32).fill('AB').join(':');
/** A picture the sandbox's liveness check reads as one (a JPEG header). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF'), Buffer.alloc(3000, 9)]).toString('base64');
const answered = (code: string) => expect(code).toMatch(/^100\d\d$/);
const ANDROID = { platform: 'android', packageName: 'com.example.shop', appName: '示例商城', signature: FP };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await qualifiedAccount(t, '10.73.0.1', [FEATURE.packageName]);
  other = await qualifiedAccount(t, '10.73.0.2', [FEATURE.packageName]);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('the gate', () => {
  it('is menu code 6 包名管理 on an authenticated company: every call refused in words without it', async () => {
    const plain = await qualifiedAccount(t, '10.73.0.3');
    const refusal = { code: 'ALL_0010', msg: featureMissing(FEATURE.packageName) };
    expect(refusal.msg).toBe('您的账号未开通「包名管理」，请联系客户经理开通');
    expect((await call(plain, 'getPackageList')).json()).toMatchObject(refusal);
    expect((await call(plain, 'saveMyPackage', ANDROID)).json()).toMatchObject(refusal);
    expect((await call(plain, 'updateStatus', { id: '1', status: 'disabled' })).json()).toMatchObject(refusal);
    const fresh = await newAccount(t, '10.73.0.4');
    expect((await call(fresh, 'getPackageList')).json().code).toBe('ALL_0060');
    expect((await post(t, 'myPackage/getPackageList', {})).json().code).toBe('ALL_0024');
  });
});

describe('entries', () => {
  let androidId = 0;
  it('adds an Android app with its fingerprint normalised, and an iOS app without one', async () => {
    const res = (await call(owner, 'saveMyPackage', { ...ANDROID, remark: '正式版' })).json();
    expect(res).toMatchObject({
      code: 200,
      msg: PACKAGE_MSG.saved,
      data: { platform: 'android', packageName: 'com.example.shop', signature: FP_NORMAL, status: 'enabled', remark: '正式版' },
    });
    androidId = res.data.id;
    const ios = (await call(owner, 'saveMyPackage', { platform: 'ios', packageName: 'com.example.Shop-iOS', appName: '示例商城 iOS', signature: FP })).json();
    expect(ios).toMatchObject({ code: 200, data: { platform: 'ios', signature: '', status: 'enabled' } });
    const list = (await call(owner, 'getPackageList')).json();
    expect(list).toMatchObject({ code: 200, total: 2, readOnly: false });
    expect(list.rows.map((r: { packageName: string }) => r.packageName)).toEqual(['com.example.shop', 'com.example.Shop-iOS']);
    // The SDK interfaces, none bought yet.
    expect(list.sdkInterfaces.map((i: { interfaceId: number }) => i.interfaceId).sort()).toEqual([1965, 1966, 2063, 2065, 2073, 9699]);
    expect(list.sdkInterfaces.every((i: { purchased: boolean }) => !i.purchased)).toBe(true);
  });

  it('filters by platform, status and keyword', async () => {
    const rows = async (f: Record<string, string>) => (await call(owner, 'getPackageList', f)).json().rows.map((r: { platform: string }) => r.platform);
    expect(await rows({ platform: 'ios' })).toEqual(['ios']);
    expect(await rows({ keyword: 'IOS' })).toEqual(['ios']);
    expect(await rows({ keyword: '商城' })).toEqual(['android', 'ios']);
    expect(await rows({ status: 'disabled' })).toEqual([]);
    expect((await call(owner, 'getPackageList', { platform: 'windows' })).json()).toMatchObject({ code: 'ALL_0001', msg: PACKAGE_MSG.platform });
  });

  it('refuses every malformed field in words', async () => {
    const refused = async (fields: Record<string, string>, msg: string) =>
      expect((await call(owner, 'saveMyPackage', { ...ANDROID, packageName: 'com.example.other', ...fields })).json()).toMatchObject({ code: 'ALL_0001', msg });
    await refused({ platform: '' }, PACKAGE_MSG.platform);
    await refused({ packageName: '' }, PACKAGE_MSG.androidRequired);
    await refused({ packageName: 'example' }, PACKAGE_MSG.androidFormat);
    await refused({ packageName: 'com.1example.app' }, PACKAGE_MSG.androidFormat);
    await refused({ packageName: 'com.example-app.x' }, PACKAGE_MSG.androidFormat);
    await refused({ packageName: `com.${'a'.repeat(260)}` }, PACKAGE_MSG.androidLong);
    await refused({ platform: 'ios', packageName: 'com..example' }, PACKAGE_MSG.iosFormat);
    await refused({ platform: 'ios', packageName: 'com.example_app' }, PACKAGE_MSG.iosFormat);
    await refused({ platform: 'ios', packageName: `com.${'a'.repeat(160)}` }, PACKAGE_MSG.iosLong);
    await refused({ platform: 'ios', packageName: '' }, PACKAGE_MSG.iosRequired);
    await refused({ signature: '' }, PACKAGE_MSG.signatureRequired);
    await refused({ signature: 'AB:CD' }, PACKAGE_MSG.signatureFormat);
    await refused({ signature: 'g'.repeat(64) }, PACKAGE_MSG.signatureFormat);
    await refused({ appName: '' }, PACKAGE_MSG.appNameRequired);
    await refused({ appName: '名'.repeat(31) }, PACKAGE_MSG.appNameLong);
    await refused({ remark: '备'.repeat(101) }, PACKAGE_MSG.remarkLong);
    // Control characters: the platform's input guard answers before the schema (which refuses them too).
    await refused({ appName: '商\u0007城' }, '「appName」含有不允许的控制字符');
    await refused({ packageName: 'com.example\u0000x' }, '「packageName」含有不允许的控制字符');
    expect(await db().select().from(packageNames).where(eq(packageNames.memberId, owner.memberId))).toHaveLength(2);
  });

  it('refuses a duplicate app (case ignored), on add and on change', async () => {
    expect((await call(owner, 'saveMyPackage', { ...ANDROID, packageName: 'COM.Example.Shop' })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: 'Android 应用「COM.Example.Shop」已登记，请编辑或启用原记录',
    });
    const extra = (await call(owner, 'saveMyPackage', { ...ANDROID, packageName: 'com.example.extra' })).json().data;
    expect((await call(owner, 'saveMyPackage', { ...ANDROID, id: String(extra.id) })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: PACKAGE_MSG.duplicate('android', 'com.example.shop'),
    });
    // A change of its own fields keeps its status.
    await call(owner, 'updateStatus', { id: String(extra.id), status: 'disabled' });
    const changed = (await call(owner, 'saveMyPackage', { ...ANDROID, id: String(extra.id), packageName: 'com.example.extra2', appName: '改名' })).json();
    expect(changed).toMatchObject({ code: 200, data: { id: extra.id, packageName: 'com.example.extra2', appName: '改名', status: 'disabled' } });
  });

  it('enables and disables, answering the row', async () => {
    const off = (await call(owner, 'updateStatus', { id: String(androidId), status: 'disabled' })).json();
    expect(off).toMatchObject({ code: 200, msg: PACKAGE_MSG.disabled, data: { id: androidId, status: 'disabled' } });
    const on = (await call(owner, 'updateStatus', { id: String(androidId), status: 'enabled' })).json();
    expect(on).toMatchObject({ code: 200, msg: PACKAGE_MSG.enabled, data: { status: 'enabled' } });
    expect((await call(owner, 'updateStatus', { id: String(androidId), status: 'paused' })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: PACKAGE_MSG.status,
    });
  });

  it("answers another company's id, and a malformed one, as a nonexistent id", async () => {
    const missing = { code: 'ALL_0011', msg: PACKAGE_MSG.missing };
    expect((await call(other, 'updateStatus', { id: String(androidId), status: 'disabled' })).json()).toMatchObject(missing);
    expect((await call(other, 'saveMyPackage', { ...ANDROID, id: String(androidId) })).json()).toMatchObject(missing);
    expect((await call(owner, 'updateStatus', { id: '999999', status: 'disabled' })).json()).toMatchObject(missing);
    expect((await call(owner, 'updateStatus', { id: 'abc', status: 'disabled' })).json()).toMatchObject(missing);
    expect((await call(owner, 'saveMyPackage', { ...ANDROID, id: 'abc' })).json()).toMatchObject(missing);
    expect((await call(other, 'getPackageList')).json()).toMatchObject({ total: 0 });
    const [row] = await db().select().from(packageNames).where(eq(packageNames.id, androidId));
    expect(row?.status).toBe('enabled');
  });

  it(`keeps at most ${PACKAGE_LIMITS.maxEntries} entries per account`, async () => {
    const many = await qualifiedAccount(t, '10.73.0.5', [FEATURE.packageName]);
    await db()
      .insert(packageNames)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          memberId: many.memberId,
          platform: 'ios',
          packageName: `com.app.n${i}`,
          packageKey: `com.app.n${i}`,
          appName: `应用${i}`,
        })),
      );
    expect((await call(many, 'saveMyPackage', ANDROID)).json()).toMatchObject({ code: 'ALL_0001', msg: PACKAGE_MSG.tooMany });
  });

  it('lets two saves at once take the last place once: one is added, the other refused in words', async () => {
    const busy = await qualifiedAccount(t, '10.73.0.6', [FEATURE.packageName]);
    await db()
      .insert(packageNames)
      .values(
        Array.from({ length: PACKAGE_LIMITS.maxEntries - 1 }, (_, i) => ({
          memberId: busy.memberId,
          platform: 'ios',
          packageName: `com.busy.n${i}`,
          packageKey: `com.busy.n${i}`,
          appName: `应用${i}`,
        })),
      );
    const answers = await Promise.all([
      call(busy, 'saveMyPackage', { ...ANDROID, packageName: 'com.busy.one' }),
      call(busy, 'saveMyPackage', { ...ANDROID, packageName: 'com.busy.two' }),
    ]);
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.code === 200)).toHaveLength(1);
    expect(bodies.filter((b) => b.code === 'ALL_0001' && b.msg === PACKAGE_MSG.tooMany)).toHaveLength(1);
    expect(await db().select().from(packageNames).where(eq(packageNames.memberId, busy.memberId))).toHaveLength(PACKAGE_LIMITS.maxEntries);
  });
});

// ── The gateway ──────────────────────────────────────────────────────────────────────────────
async function sampleOf(id: number) {
  const [row] = await db()
    .select({ path: interfaces.path, sample: interfaceDocs.sampleRequest })
    .from(interfaces)
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(eq(interfaces.id, id));
  return { path: row?.path ?? '', sample: row?.sample ?? {} };
}
const callsLeftOf = async (key: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;

describe('the gateway', () => {
  let key = '';
  let liveness: { path: string; sample: Record<string, string> };
  const send = (k: string, headers: Record<string, string>) =>
    gatewayPost(t, liveness.path, { ...liveness.sample, key: k }, '203.0.113.20', headers).then((r) => r.json());

  beforeAll(async () => {
    key = await buyCheapest(t, owner, 9699);
    liveness = await sampleOf(9699);
    liveness.sample = { ...liveness.sample, image: JPEG };
  });

  it('lists the bought SDK interface as bought', async () => {
    const list = (await call(owner, 'getPackageList')).json();
    expect(list.sdkInterfaces.find((i: { interfaceId: number }) => i.interfaceId === 9699)).toMatchObject({ interfaceName: '人脸活体检测', purchased: true });
  });

  it('refuses an SDK call without a declared app, or with an unregistered one: SYSTEM_048, not charged', async () => {
    const before = await callsLeftOf(key);
    const none = await send(key, {});
    expect(none).toMatchObject({ code: 'SYSTEM_048', data: null });
    expect(none.message).toContain('X-App-Platform');
    const noSig = await send(key, appHeaders({ platform: 'android', packageName: 'com.example.shop' }));
    expect(noSig.message).toBe('缺少应用签名：Android 应用须在请求头 X-App-Signature 声明签名证书的 SHA-256 指纹');
    const badSig = await send(key, appHeaders({ platform: 'android', packageName: 'com.example.shop', signature: 'xyz' }));
    expect(badSig.message).toBe('应用签名格式不正确：X-App-Signature 应为 SHA-256 指纹（64 位十六进制，可用冒号分隔）');
    const stranger = await send(key, appHeaders({ platform: 'android', packageName: 'com.evil.app', signature: FP }));
    expect(stranger).toMatchObject({
      code: 'SYSTEM_048',
      message: '调用方应用未登记或未启用：Android 应用「com.evil.app」（含签名指纹）不在已启用的包名中，请在用户中心「包名管理」登记并启用',
    });
    const wrongSig = await send(key, appHeaders({ platform: 'android', packageName: 'com.example.shop', signature: 'cd'.repeat(32) }));
    expect(wrongSig.code).toBe('SYSTEM_048');
    const wrongPlatform = await send(key, appHeaders({ platform: 'ios', packageName: 'com.example.shop' }));
    expect(wrongPlatform.code).toBe('SYSTEM_048');
    const junk = await send(key, appHeaders({ platform: 'ios', packageName: '<script>' }));
    expect(junk.message).toBe('应用包名格式不正确：X-App-Package 应为 Android 包名或 iOS Bundle ID（如 com.example.app）');
    expect(await callsLeftOf(key)).toBe(before);
    expect(PLATFORM_CODES.SYSTEM_048).toBe('调用方应用未登记或未启用，请在用户中心「包名管理」登记并启用');
  });

  it('answers and charges a registered, enabled app (fingerprint in any form, package in any case)', async () => {
    const before = await callsLeftOf(key);
    const android = await send(key, appHeaders({ platform: 'android', packageName: 'com.example.shop', signature: FP_NORMAL.toLowerCase() }));
    answered(android.code);
    const ios = await send(key, appHeaders({ platform: 'IOS', packageName: 'com.example.shop-ios' }));
    answered(ios.code);
    expect(await callsLeftOf(key)).toBeLessThan(before);
  });

  it('refuses a disabled app at once, and answers it again when enabled', async () => {
    const [row] = await db().select({ id: packageNames.id }).from(packageNames).where(eq(packageNames.packageKey, 'com.example.shop'));
    const headers = appHeaders({ platform: 'android', packageName: 'com.example.shop', signature: FP });
    answered((await send(key, headers)).code);
    await call(owner, 'updateStatus', { id: String(row?.id), status: 'disabled' });
    expect((await send(key, headers)).code).toBe('SYSTEM_048');
    await call(owner, 'updateStatus', { id: String(row?.id), status: 'enabled' });
    answered((await send(key, headers)).code);
  });

  it("does not let another company's registration serve this one", async () => {
    await call(other, 'saveMyPackage', { ...ANDROID, packageName: 'com.other.app' });
    expect((await send(key, appHeaders({ platform: 'android', packageName: 'com.other.app', signature: FP }))).code).toBe('SYSTEM_048');
  });

  it('does not ask a non-SDK interface for an app', async () => {
    const plainKey = await buyCheapest(t, owner, 1979);
    const { path, sample } = await sampleOf(1979);
    const res = (await gatewayPost(t, path, { ...sample, key: plainKey })).json();
    expect(res.code).not.toBe('SYSTEM_048');
    expect(res.code).toMatch(/^1000\d$/);
  });

  it("does not ask the platform's own call for the owner (在线测试)", async () => {
    const [p] = await db().select({ id: purchases.id, left: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key));
    const res = (
      await post(t, 'UserCenter/getApiTestData', { purchaseId: String(p?.id), params: JSON.stringify(liveness.sample) }, { cookies: owner.cookies, ip: IP })
    ).json();
    expect(res.code).toBe(200);
    answered(res.data.answer.code);
  });

  it("checks a sub-account's key against its main account's list, which it may read and not change", async () => {
    const sub = await newAccount(t, '10.73.0.9');
    await db()
      .update(members)
      .set({ parentId: owner.memberId, featureCodes: [FEATURE.onlineQuery, FEATURE.packageName] })
      .where(eq(members.id, sub.memberId));
    await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: owner.memberId, subCompanyName: '移动端', billingMode: 'calls' });
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, key));
    const subKey = newPurchaseKey();
    await db()
      .insert(assignments)
      .values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 5 });
    clearGatewayCaches();
    answered((await send(subKey, appHeaders({ platform: 'android', packageName: 'com.example.shop', signature: FP }))).code);
    expect((await send(subKey, appHeaders({ platform: 'android', packageName: 'com.sub.own', signature: FP }))).code).toBe('SYSTEM_048');

    const list = (await call(sub, 'getPackageList')).json();
    expect(list).toMatchObject({ code: 200, readOnly: true });
    expect(list.rows.map((r: { packageName: string }) => r.packageName)).toContain('com.example.shop');
    expect(list.sdkInterfaces.find((i: { interfaceId: number }) => i.interfaceId === 9699)?.purchased).toBe(true);
    const refusal = { code: 'ALL_0010', msg: PACKAGE_MSG.subReadOnly };
    expect((await call(sub, 'saveMyPackage', { ...ANDROID, packageName: 'com.sub.own' })).json()).toMatchObject(refusal);
    expect((await call(sub, 'updateStatus', { id: String(list.rows[0].id), status: 'disabled' })).json()).toMatchObject(refusal);
  });
});

// Decision 216: a company that has registered no app yet keeps its SDK integration answered until
// SDK_APP_ENFORCE_FROM, and is told; registering any app, or the day, ends that.
describe('the transition period', () => {
  let newcomer: TestAccount;
  let key = '';
  let liveness: { path: string; sample: Record<string, string> };
  const send = (app: TestApp, k: string, headers: Record<string, string> = {}) =>
    gatewayPost(app, liveness.path, { ...liveness.sample, key: k }, '203.0.113.21', headers).then((r) => r.json());
  const notices = () =>
    db()
      .select({ body: messages.body, link: messages.link })
      .from(messages)
      .where(and(eq(messages.memberId, newcomer.memberId), eq(messages.title, GRACE_TITLE)));

  beforeAll(async () => {
    newcomer = await qualifiedAccount(t, '10.73.0.3', [FEATURE.packageName]);
    key = await buyCheapest(t, newcomer, 9699);
    liveness = await sampleOf(9699);
    liveness.sample = { ...liveness.sample, image: JPEG };
  });

  it('answers and charges the call of a company with no app registered, and tells it once', async () => {
    expect((await call(newcomer, 'getPackageList')).json()).toMatchObject({ total: 0, enforceFrom: null });
    const before = await callsLeftOf(key);
    answered((await send(t, key)).code);
    answered((await send(t, key, appHeaders({ platform: 'ios', packageName: 'com.not.there' }))).code);
    expect(await callsLeftOf(key)).toBe(before - 2);
    await expect.poll(async () => (await notices()).length).toBe(1);
    clearGatewayCaches();
    answered((await send(t, key)).code);
    // A week's notice: the message already there is found, not sent again.
    await new Promise((r) => setTimeout(r, 200));
    const [notice] = await notices();
    expect(await notices()).toHaveLength(1);
    expect(notice?.link).toBe('/userCenter/packageName');
    expect(notice?.body).toContain('人脸活体检测');
    expect(notice?.body).toContain('缺少应用标识');
    expect(notice?.body).toContain('平台另行通知的日期');
  });

  it('refuses them from SDK_APP_ENFORCE_FROM on, though no app is registered', async () => {
    const enforcing = await buildTestApp({ sharedWith: t, env: { SDK_APP_ENFORCE_FROM: '2020-01-01' } });
    try {
      const before = await callsLeftOf(key);
      expect(await send(enforcing, key)).toMatchObject({ code: 'SYSTEM_048', data: null });
      expect(await callsLeftOf(key)).toBe(before);
    } finally {
      await enforcing.close();
    }
    await expect(buildTestApp({ sharedWith: t, env: { SDK_APP_ENFORCE_FROM: '2027-02-30' } })).rejects.toThrow('SDK_APP_ENFORCE_FROM 不是真实的日期');
  });

  it('refuses them at once when the company registers any app, even a disabled one', async () => {
    const added = (await call(newcomer, 'saveMyPackage', { ...ANDROID, packageName: 'com.newcomer.app' })).json();
    await call(newcomer, 'updateStatus', { id: String(added.data.id), status: 'disabled' });
    expect((await send(t, key)).code).toBe('SYSTEM_048');
  });

  it('records at most a few refusals a second per key: a flood from a leaked key is answered, not written', async () => {
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, key));
    const recorded = async () =>
      (
        await db()
          .select({ n: count() })
          .from(callRecords)
          .where(and(eq(callRecords.purchaseId, p?.id ?? 0), eq(callRecords.code, 'SYSTEM_048')))
      )[0]?.n ?? 0;
    const before = await recorded();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(t, key)));
    expect(answers.every((a) => a.code === 'SYSTEM_048')).toBe(true);
    // Five a second are recorded; twenty sent at once span one second, or two at most.
    const written = (await recorded()) - before;
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThanOrEqual(10);
  });
});
