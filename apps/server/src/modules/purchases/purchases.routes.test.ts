import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, purchases } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { fileTestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { fixtures } from './purchases.fixtures';

const t = fileTestApp();
const f = fixtures(() => t);
const { as } = f;

/** A company that bought 实名认证 (1882); answers it with its purchase. */
async function buyer(ip: string) {
  const a = await qualifiedAccount(t, ip);
  await f.buy(a);
  return { a, p: await f.purchase(a) };
}

describe('stop and resume a purchase (myBuy/interface/stop)', () => {
  it('a stopped key answers SYSTEM_003 uncharged; resumed, it answers 10000 again', async () => {
    const { a, p } = await buyer('10.70.0.1');
    expect((await f.gateway(p.key)).json().code).toBe('10000');

    const stop = await as(a, 'myBuy/interface/stop', { id: String(p.id), action: 'stop' });
    expect(stop.json()).toEqual({ code: 200, msg: '接口已停用，使用该 Key 的调用将返回 SYSTEM_003', data: null });
    expect((await as(a, 'myBuy/list')).json().rows[0]).toMatchObject({ id: p.id, status: 'stopped' });
    const left = (await f.purchase(a)).callsLeft;
    const refused = (await f.gateway(p.key)).json();
    expect(refused.code).toBe('SYSTEM_003');
    expect(refused.data ?? null).toBeNull();
    expect((await f.purchase(a)).callsLeft).toBe(left);
    expect((await as(a, 'myBuy/interface/stop', { id: String(p.id), action: 'stop' })).json()).toEqual({ code: 'ALL_0013', msg: '接口已是停用状态' });

    const resume = await as(a, 'myBuy/interface/stop', { id: String(p.id), action: 'resume' });
    expect(resume.json().msg).toBe('接口已恢复调用');
    expect((await f.gateway(p.key)).json().code).toBe('10000');
    expect((await f.purchase(a)).callsLeft).toBe(left - 1);
  });

  it('refuses an unknown action and another company’s purchase', async () => {
    const { a, p } = await buyer('10.70.0.2');
    const other = await qualifiedAccount(t, '10.70.0.3');
    expect((await as(a, 'myBuy/interface/stop', { id: String(p.id), action: 'pause' })).json()).toEqual({ code: 'ALL_0001', msg: '请选择停用或恢复' });
    const theirs = await as(other, 'myBuy/interface/stop', { id: String(p.id), action: 'stop' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'ALL_0011', msg: '已购接口不存在' });
    expect((await f.purchase(a)).status).toBe('active');
  });
});

describe('callback URL (myBuy/getSynCallUrl, updateSynCallUrl)', () => {
  it('saves a public http(s) URL, clears it with an empty one, and refuses the rest with their messages', async () => {
    const { a, p } = await buyer('10.70.0.4');
    const id = String(p.id);
    const save = async (callbackUrl: string) => (await as(a, 'myBuy/updateSynCallUrl', { id, callbackUrl })).json();
    expect((await as(a, 'myBuy/getSynCallUrl', { id })).json().data).toEqual({
      id: p.id,
      interfaceId: 1882,
      interfaceName: '实名认证',
      callbackUrl: '',
      allowPrivate: false,
    });

    expect(await save(' https://notify.example.com/api/callback?x=1 ')).toEqual({
      code: 200,
      msg: '回调地址已保存',
      data: { callbackUrl: 'https://notify.example.com/api/callback?x=1' },
    });
    expect((await as(a, 'myBuy/getSynCallUrl', { id })).json().data.callbackUrl).toBe('https://notify.example.com/api/callback?x=1');
    expect((await as(a, 'myBuy/list')).json().rows[0].callbackUrl).toBe('https://notify.example.com/api/callback?x=1');

    const privateMsg = '回调地址不能指向内网、本机或保留地址，请使用公网地址';
    expect((await save('http://192.168.1.20/cb')).msg).toBe(privateMsg);
    expect((await save('http://10.0.0.8:8080/cb')).msg).toBe(privateMsg);
    expect((await save('http://[::1]/cb')).msg).toBe(privateMsg);
    expect((await save('http://[::ffff:127.0.0.1]/cb')).msg).toBe(privateMsg);
    expect((await save('http://localhost:3000/cb')).msg).toBe(privateMsg);
    expect((await save('http://2130706433/cb')).msg).toBe(privateMsg);
    expect((await save('http://169.254.169.254/latest/meta-data')).msg).toBe(privateMsg);
    expect((await save('ftp://files.example.com/cb')).msg).toBe('请输入以 http:// 或 https:// 开头的回调地址');
    expect((await save('javascript:alert(1)')).msg).toBe('请输入以 http:// 或 https:// 开头的回调地址');
    expect((await save('https://user:pw@notify.example.com/')).msg).toBe('回调地址不能包含用户名或密码');
    expect((await save(`https://notify.example.com/${'a'.repeat(480)}`)).msg).toBe('回调地址不能超过 500 个字符');
    expect((await as(a, 'myBuy/getSynCallUrl', { id })).json().data.callbackUrl).toBe('https://notify.example.com/api/callback?x=1');

    expect(await save('')).toEqual({ code: 200, msg: '回调地址已清除', data: { callbackUrl: '' } });
    expect((await f.purchase(a)).callbackUrl).toBe('');
  });

  it('another company can neither read nor set it', async () => {
    const { a, p } = await buyer('10.70.0.5');
    await as(a, 'myBuy/updateSynCallUrl', { id: String(p.id), callbackUrl: 'https://a.example.com/cb' });
    const other = await qualifiedAccount(t, '10.70.0.6');
    expect((await as(other, 'myBuy/getSynCallUrl', { id: String(p.id) })).json().code).toBe('ALL_0011');
    expect((await as(other, 'myBuy/updateSynCallUrl', { id: String(p.id), callbackUrl: 'https://b.example.com/cb' })).json().code).toBe('ALL_0011');
    expect((await f.purchase(a)).callbackUrl).toBe('https://a.example.com/cb');
  });
});

describe('CALLBACK_ALLOW_PRIVATE=1', () => {
  const tp = fileTestApp({ env: { CALLBACK_ALLOW_PRIVATE: '1' } });

  it('accepts private and loopback hosts but still only http(s)', async () => {
    const g = fixtures(() => tp);
    const a = await qualifiedAccount(tp, '10.70.0.7');
    await g.buy(a);
    const p = await g.purchase(a);
    const save = async (callbackUrl: string) => (await g.as(a, 'myBuy/updateSynCallUrl', { id: String(p.id), callbackUrl })).json().msg;
    expect((await g.as(a, 'myBuy/getSynCallUrl', { id: String(p.id) })).json().data.allowPrivate).toBe(true);
    expect(await save('http://192.168.1.20:8080/cb')).toBe('回调地址已保存');
    expect(await save('http://localhost/cb')).toBe('回调地址已保存');
    expect(await save('ftp://192.168.1.20/cb')).toBe('请输入以 http:// 或 https:// 开头的回调地址');
  });
});

describe('calls, summary and packages', () => {
  it('packageCallResource shows total, left, used, test calls and expiry; buyData sums the account', async () => {
    const { a, p } = await buyer('10.70.0.8');
    await f.gateway(p.key);
    await f.gateway(p.key);
    const res = (await as(a, 'myBuy/packageCallResource', { id: String(p.id) })).json();
    expect(res.data).toMatchObject({
      id: p.id,
      interfaceName: '实名认证',
      callsTotal: p.callsTotal,
      callsLeft: p.callsTotal - 2,
      callsUsed: 2,
      testCallsLeft: 0,
      expired: false,
      status: 'active',
    });
    expect(new Date(res.data.expiresAt).getTime()).toBe(p.expiresAt.getTime());

    const [pkg] = await f.packages(1882);
    const summary = (await as(a, 'myBuy/buyData')).json().data;
    expect(summary).toEqual({
      interfaces: 1,
      active: 1,
      stopped: 0,
      expired: 0,
      exhausted: 0,
      callsTotal: p.callsTotal,
      callsLeft: p.callsTotal - 2,
      callsUsed: 2,
      autoRenew: 0,
      expiringSoon: 0,
      paidFen: pkg?.priceFen,
      refundedFen: 0,
    });
    const other = await qualifiedAccount(t, '10.70.0.9');
    expect((await as(other, 'myBuy/packageCallResource', { id: String(p.id) })).json().code).toBe('ALL_0011');
    expect((await as(other, 'myBuy/buyData')).json().data).toMatchObject({ interfaces: 0, callsTotal: 0, paidFen: 0 });
  });

  it('api/getInterfacePackageList answers the packages of an interface on sale', async () => {
    const res = (await post(t, 'api/getInterfacePackageList', { interfaceId: '1882' })).json();
    const expected = await f.packages(1882);
    expect(res.total).toBe(expected.length);
    expect(res.rows.map((r: { id: number }) => r.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(res.rows[0]).toHaveProperty('priceFen');
    expect((await post(t, 'api/getInterfacePackageList', { interfaceId: 'x' })).json()).toEqual({ code: 'ALL_0001', msg: '接口不存在或已下架' });
  });
});

describe('who may manage purchases', () => {
  it('needs a session and an authenticated company', async () => {
    expect((await post(t, 'myBuy/buyData', {})).json().code).toBe('ALL_0024');
    const unq = await newAccount(t, '10.70.1.1');
    expect((await as(unq, 'myBuy/getAutomaticBuy')).json().code).toBe('ALL_0060');
  });

  it('a sub-account cannot stop, set, renew or refund (main account only), and sees none of the parent’s purchases', async () => {
    const { a: parent, p } = await buyer('10.70.1.2');
    const child: TestAccount = await newAccount(t, '10.70.1.3');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    const id = String(p.id);
    const sub = '子账号不能直接购买，请联系主账号购买后分配';
    // Its own id space is empty: the parent's purchase is not found, and writes are refused first.
    expect((await as(child, 'myBuy/interface/stop', { id, action: 'stop' })).json()).toEqual({ code: 'ALL_0010', msg: sub });
    expect((await as(child, 'myBuy/updateSynCallUrl', { id, callbackUrl: '' })).json().msg).toBe(sub);
    expect((await as(child, 'myBuy/refundAll', { id, reason: '不再使用' })).json().msg).toBe(sub);
    expect((await as(child, 'myBuy/packageCallResource', { id })).json().code).toBe('ALL_0011');
    expect((await as(child, 'myBuy/getAutomaticBuy')).json().total).toBe(0);
    const [row] = await t.database.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, p.id));
    expect(row?.status).toBe('active');
  });
});
