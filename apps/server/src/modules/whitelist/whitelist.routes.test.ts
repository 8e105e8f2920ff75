import { ipKind, whitelistProblem } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, signed, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { normalise } from './whitelist.service';

let t: TestApp;
let a: TestAccount;
let key = '';
const ZHANG = { name: '张三', idcard: '110101199003074514' };

beforeAll(async () => {
  t = await buildTestApp();
  a = await qualifiedAccount(t, '10.70.0.1');
  key = await buyCheapest(t, a, 1882);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

const getAs = (path: string) => t.app.inject({ method: 'GET', url: `/apiHome/${path}`, query: signed(t.config), cookies: a.cookies });
const save = (ip: string, interfaceId = '') => post(t, 'UserCenter/SaveIpBinding', { ip, interfaceId }, { cookies: a.cookies });
const callFrom = async (ip: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/communication/personal/1882',
      headers: { 'x-forwarded-for': ip },
      payload: { key, ...ZHANG },
    })
  ).json().code as string;

describe('address syntax (contracts, shared by the page)', () => {
  it('accepts IPv4, IPv6 and CIDR blocks, and refuses the rest with the address in the message', () => {
    for (const ok of ['203.0.113.7', '203.0.113.0/24', '10.0.0.0/8', '2001:db8::1', '2001:db8::/48', '::1']) expect(ipKind(ok), ok).not.toBeNull();
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4/33', 'abc', '2001:db8:::1', '1.2.3.4/24/1']) expect(ipKind(bad), bad).toBeNull();
    expect(whitelistProblem(['1.2.3.4', 'x.y'])).toBe('「x.y」不是有效的 IPv4/IPv6 地址或网段');
    expect(whitelistProblem(['10.0.0.0/7'])).toBe('「10.0.0.0/7」的网段过大（IPv4 至少 /8，IPv6 至少 /32）');
    expect(whitelistProblem([])).toBe('请输入 IP 地址');
  });

  it('stores IPv4 blocks by their network address and IPv6 compressed', () => {
    expect(normalise('203.0.113.77/24')).toBe('203.0.113.0/24');
    expect(normalise('2001:0db8:0000::0001')).toBe('2001:db8::1');
  });
});

describe('IP whitelist', () => {
  it("lists the purchased interfaces, saves addresses with their messages and refuses others' interfaces", async () => {
    expect((await getAs('UserCenter/FindInterfaceInfo')).json().rows).toEqual([{ interfaceId: 1882, interfaceName: '实名认证' }]);
    expect((await save('')).json().msg).toBe('请输入 IP 地址');
    expect((await save('203.0.113.7, 999.1.1.1')).json().msg).toBe('「999.1.1.1」不是有效的 IPv4/IPv6 地址或网段');
    expect((await save('203.0.113.7', '1887')).json().msg).toBe('只能为已购接口设置白名单');
    const res = await save('203.0.113.7\n198.51.100.0/24，203.0.113.7', '1882');
    expect(res.json()).toEqual({ code: 200, msg: '白名单已保存，约 1 分钟内对接口调用生效', data: { added: 2 } });
    const rows = (await getAs('myAccount/getIpWhite')).json().rows;
    expect(rows.map((r: { ip: string; interfaceName: string }) => `${r.interfaceName} ${r.ip}`)).toEqual(['实名认证 203.0.113.7', '实名认证 198.51.100.0/24']);
  });

  it('the gateway serves only listed addresses once an interface has entries (SYSTEM_012 otherwise, not charged)', async () => {
    expect(await callFrom('203.0.113.7')).toBe('10000');
    expect(await callFrom('198.51.100.200')).toBe('10000');
    const [before] = await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key));
    expect(await callFrom('192.0.2.1')).toBe('SYSTEM_012');
    const [after] = await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key));
    expect(after?.n).toBe(before?.n);
  });

  it('entries for all interfaces apply too, IPv6 blocks match, and deleting restores access', async () => {
    await save('2001:db8::/32');
    expect(await callFrom('2001:db8:1::5')).toBe('10000');
    expect(await callFrom('2001:db9::5')).toBe('SYSTEM_012');
    const rows = (await getAs('myAccount/getIpWhite')).json().rows as Array<{ id: number; ip: string; interfaceName: string }>;
    expect(rows.find((r) => r.ip === '2001:db8::/32')?.interfaceName).toBe('全部接口');
    const other = await qualifiedAccount(t, '10.70.0.2');
    const first = rows[0]?.id ?? 0;
    expect((await post(t, 'UserCenter/DropIpBinding', { id: String(first) }, { cookies: other.cookies })).json()).toEqual({
      code: 'ALL_0011',
      msg: '白名单记录不存在',
    });
    for (const r of rows) expect((await post(t, 'UserCenter/DropIpBinding', { id: String(r.id) }, { cookies: a.cookies })).json().msg).toBe('已删除');
    expect(await callFrom('192.0.2.1')).toBe('10000');
  });
});
