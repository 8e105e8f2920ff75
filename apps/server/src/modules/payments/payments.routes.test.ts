// Online payment with the sandbox provider (issue #19): the member's calls, the signed
// notification booked once however often it comes, a forged one refused, an order paid by it,
// and the query job settling what no notification reported.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledger, orders, payments } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { consolePost, consoleTestApp } from '../../test/console';
import { post } from '../../test/identity';
import { fixtures } from '../purchases/purchases.fixtures';
import { reconcileOpen } from './payments.service';
import { paymentProviders } from './providers';
import type { Incoming } from './providers/provider';
import type { SandboxProvider } from './providers/sandbox';

const { t, ops, auditOfAction, describeRoleMatrix } = consoleTestApp();
const f = fixtures(() => t);
const { as, balance, ledgerSum, inbox } = f;

const sandbox = (): SandboxProvider => {
  const s = paymentProviders(t.config.payments).sandbox;
  if (!s) throw new Error('the sandbox is not configured');
  return s;
};

const notify = (incoming: Incoming, provider = 'sandbox') =>
  t.app.inject({
    method: 'POST',
    url: `/apiHome/payment/notify/${provider}`,
    headers: incoming.headers as Record<string, string>,
    payload: incoming.rawBody,
  });

async function rechargeOnline(a: TestAccount, amount: string) {
  const res = await as(a, 'payment/create', { amount, provider: 'sandbox' });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as { paymentNo: string; amountFen: number; qrDataUrl: string; expiresAt: string; status: string };
}

const rowOf = async (paymentNo: string) => {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.paymentNo, paymentNo));
  if (!row) throw new Error('no payment');
  return row;
};

const paymentRows = (a: TestAccount) =>
  t.database.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.memberId, a.memberId), eq(ledger.kind, 'payment')));

describe('what the page is offered', () => {
  it('the embedded default offers the sandbox; a visitor is asked to log in', async () => {
    expect((await post(t, 'payment/methods', {})).json().code).toBe('ALL_0024');
    const a = await newAccount(t, '10.77.0.1');
    expect((await as(a, 'payment/methods')).json().data).toEqual({
      methods: [{ provider: 'sandbox', label: '扫码支付（演示）' }],
      simulate: true,
      expiryMinutes: 15,
    });
    // Paying needs an authenticated company, like every money call.
    expect((await as(a, 'payment/create', { amount: '100', provider: 'sandbox' })).json().code).toBe('ALL_0060');
  });

  it('checks the amount with the bank transfer’s rule and the method', async () => {
    const a = await qualifiedAccount(t, '10.77.0.2');
    const msg = async (fields: Record<string, string>) => (await as(a, 'payment/create', fields)).json().msg;
    expect(await msg({ amount: '12.345', provider: 'sandbox' })).toBe('请输入正确的充值金额（最多两位小数）');
    expect(await msg({ amount: '0.5', provider: 'sandbox' })).toBe('单笔充值金额须在 1 元至 1000 万元之间');
    expect(await msg({ amount: '100', provider: 'unionpay' })).toBe('请选择支付方式');
    // A method this deployment did not configure.
    expect(await msg({ amount: '100', provider: 'alipay' })).toBe('请选择支付方式');
  });
});

describe('a recharge paid online', () => {
  it('answers a QR code and an expiry, and the page sees 待支付 until the money arrives', async () => {
    const a = await qualifiedAccount(t, '10.77.0.3');
    const p = await rechargeOnline(a, '88.80');
    expect(p).toMatchObject({ amountFen: 8880, status: 'created', purpose: 'recharge', provider: 'sandbox', providerLabel: '扫码支付（演示）' });
    expect(p.paymentNo).toMatch(/^P\d{14}[0-9A-Z]{6}$/);
    expect(p.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const minutes = (new Date(p.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect((await as(a, 'payment/status', { paymentNo: p.paymentNo })).json().data).toMatchObject({ status: 'created', statusLabel: '待支付' });
    // Another member cannot read it.
    const b = await qualifiedAccount(t, '10.77.0.4');
    expect((await as(b, 'payment/status', { paymentNo: p.paymentNo })).json()).toEqual({ code: 'ALL_0011', msg: '支付单不存在' });
  });

  it('「模拟支付成功」 credits the balance once, with a 在线支付 row and a message', async () => {
    const a = await qualifiedAccount(t, '10.77.0.5');
    const p = await rechargeOnline(a, '100');
    const res = await as(a, 'dev/payment/succeed', { paymentNo: p.paymentNo });
    expect(res.json()).toMatchObject({ code: 200, msg: '已模拟支付成功', data: { status: 'paid', statusLabel: '已支付' } });
    expect((await as(a, 'dev/payment/succeed', { paymentNo: p.paymentNo })).json()).toEqual({ code: 'ALL_0013', msg: '该支付单已支付或已关闭' });
    expect(await balance(a)).toBe(10_000);
    expect(await ledgerSum(a)).toBe(10_000);
    const rows = (await as(a, 'mytrade/consume/list')).json().rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'payment', kindLabel: '在线支付', amountFen: 10_000, balanceAfterFen: 10_000, orderNo: p.paymentNo });
    expect(await inbox(a, '充值已到账')).toHaveLength(1);
  });

  it('a notification sent twice, or several at once, credits once', async () => {
    const a = await qualifiedAccount(t, '10.77.0.6');
    const p = await rechargeOnline(a, '50');
    const incoming = sandbox().pay(p.paymentNo);
    if (!incoming) throw new Error('not payable');
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(incoming)));
    for (const r of answers) expect([r.statusCode, r.body]).toEqual([200, 'success']);
    const again = await notify(incoming);
    expect([again.statusCode, again.body]).toEqual([200, 'success']);
    expect(await balance(a)).toBe(5_000);
    expect(await paymentRows(a)).toHaveLength(1);
    expect(await inbox(a, '充值已到账')).toHaveLength(1);
    expect((await as(a, 'payment/status', { paymentNo: p.paymentNo })).json().data.status).toBe('paid');
  });

  it('a notification with a bad signature, or altered after signing, is refused and changes nothing', async () => {
    const a = await qualifiedAccount(t, '10.77.0.7');
    const p = await rechargeOnline(a, '60');
    const body = { paymentNo: p.paymentNo, tradeNo: 'FORGED', amountFen: 6000, state: 'paid' };
    const refused = { code: 'ALL_0003', msg: '支付通知验签失败' };
    const forged = await notify(sandbox().notification(body, 'not-the-sandbox-key'));
    expect([forged.statusCode, forged.json()]).toEqual([400, refused]);
    const signed = sandbox().notification({ ...body, amountFen: 60 });
    const altered = await notify({ ...signed, rawBody: JSON.stringify(body) });
    expect([altered.statusCode, altered.json()]).toEqual([400, refused]);
    const unsigned = await notify({ ...signed, headers: { 'content-type': 'application/json' } });
    expect([unsigned.statusCode, unsigned.json()]).toEqual([400, refused]);
    // A provider this deployment does not use has no notification address.
    expect((await notify(signed, 'alipay')).json().code).toBe('ALL_0008');
    expect(await balance(a)).toBe(0);
    expect(await paymentRows(a)).toHaveLength(0);
    expect((await rowOf(p.paymentNo)).status).toBe('created');
  });

  it('a signed notification whose amount differs from the payment is not booked', async () => {
    const a = await qualifiedAccount(t, '10.77.0.8');
    const p = await rechargeOnline(a, '70');
    const res = await notify(sandbox().notification({ paymentNo: p.paymentNo, tradeNo: 'X1', amountFen: 1, state: 'paid' }));
    expect(res.statusCode).toBe(200);
    expect(await balance(a)).toBe(0);
    expect(await rowOf(p.paymentNo)).toMatchObject({ status: 'created', note: '渠道报告金额 0.01 元与支付单不符，未入账，请财务核实' });
  });
});

describe('an order paid online', () => {
  it('credits the payment and pays the order in one: the order ends paid, the ledger shows the money in and the purchase out', async () => {
    const a = await qualifiedAccount(t, '10.77.1.1');
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    const orderNo = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg.id) })).json().data.orderNo as string;
    const created = (await as(a, 'payment/createForOrder', { orderNo, provider: 'sandbox' })).json();
    expect(created).toMatchObject({ code: 200, data: { purpose: 'order', orderNo, amountFen: pkg.priceFen, status: 'created' } });
    await as(a, 'dev/payment/succeed', { paymentNo: created.data.paymentNo });
    const order = (await as(a, 'myOrder/list')).json().rows[0];
    expect(order).toMatchObject({ orderNo, status: 'paid', statusLabel: '已支付' });
    expect((await as(a, 'myBuy/list')).json().rows[0]).toMatchObject({ interfaceId: 1882, callsLeft: pkg.calls });
    const rows = (await as(a, 'mytrade/consume/list')).json().rows;
    expect(
      rows.map((r: { kind: string; amountFen: number; balanceAfterFen: number; orderNo: string }) => [r.kind, r.amountFen, r.balanceAfterFen, r.orderNo]),
    ).toEqual([
      ['purchase', -pkg.priceFen, 0, orderNo],
      ['payment', pkg.priceFen, pkg.priceFen, orderNo],
    ]);
    expect(await balance(a)).toBe(0);
    expect(await inbox(a, '订单支付成功')).toHaveLength(1);
    // A paid order cannot be paid online again.
    expect((await as(a, 'payment/createForOrder', { orderNo, provider: 'sandbox' })).json()).toEqual({ code: 'ALL_0013', msg: '订单已支付或已取消' });
  });

  it('money for an order cancelled meanwhile stays in the balance, and the member is told', async () => {
    const a = await qualifiedAccount(t, '10.77.1.2');
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    const orderNo = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg.id) })).json().data.orderNo as string;
    const p = (await as(a, 'payment/createForOrder', { orderNo, provider: 'sandbox' })).json().data;
    await as(a, 'interfaceOrders/clearOrder', { orderNo });
    await as(a, 'dev/payment/succeed', { paymentNo: p.paymentNo });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(order?.status).toBe('cancelled');
    expect(await balance(a)).toBe(pkg.priceFen);
    expect(await ledgerSum(a)).toBe(pkg.priceFen);
    expect(await inbox(a, '在线支付已到账')).toHaveLength(1);
  });
});

describe('the query job', () => {
  it('settles a payment whose notification never came, and closes one past its expiry', async () => {
    const a = await qualifiedAccount(t, '10.77.2.1');
    const paidQuietly = await rechargeOnline(a, '30');
    const abandoned = await rechargeOnline(a, '40');
    const fresh = await rechargeOnline(a, '45');
    sandbox().pay(paidQuietly.paymentNo); // the payer paid; the notification is lost
    const providers = paymentProviders(t.config.payments);
    // A minute on, nothing is expired yet: only the paid one is settled.
    const inAMinute = new Date(Date.now() + 61_000);
    expect(await reconcileOpen(t.database.db, providers, inAMinute)).toMatchObject({ paid: 1 });
    expect((await rowOf(paidQuietly.paymentNo)).status).toBe('paid');
    expect((await rowOf(abandoned.paymentNo)).status).toBe('created');
    // Past their expiry the unpaid ones are closed, at the sandbox too.
    const later = new Date(Date.now() + 16 * 60_000);
    // (other tests' open payments are closed too: this counts at least ours)
    expect((await reconcileOpen(t.database.db, providers, later)).closed).toBeGreaterThanOrEqual(2);
    expect((await as(a, 'payment/status', { paymentNo: abandoned.paymentNo })).json().data).toMatchObject({ status: 'closed', statusLabel: '已关闭' });
    expect((await as(a, 'payment/status', { paymentNo: fresh.paymentNo })).json().data.status).toBe('closed');
    expect((await as(a, 'dev/payment/succeed', { paymentNo: abandoned.paymentNo })).json().msg).toBe('该支付单已支付或已关闭');
    // A notification arriving after the job booked it changes nothing.
    const late = sandbox().notification({ paymentNo: paidQuietly.paymentNo, tradeNo: 'late', amountFen: 3000, state: 'paid' });
    expect((await notify(late)).statusCode).toBe(200);
    expect(await balance(a)).toBe(3_000);
    expect(await paymentRows(a)).toHaveLength(1);
  });
});

describe('the console 在线支付 area', () => {
  describeRoleMatrix('payments', { 'payments/list': {}, 'payments/query': { id: '999999' } });

  it('lists payments by state and keyword, and 「查询支付状态」 settles one as the job does (audited)', async () => {
    const a = await qualifiedAccount(t, '10.77.3.1');
    const p = await rechargeOnline(a, '123.45');
    sandbox().pay(p.paymentNo);
    const listed = (await consolePost(t, 'payments/list', ops.finance, { status: 'created', keyword: p.paymentNo })).json();
    expect(listed.total).toBe(1);
    expect(listed.rows[0]).toMatchObject({ paymentNo: p.paymentNo, loginName: a.uName, amountFen: 12_345, provider: 'sandbox', status: 'created' });
    expect(listed.counts).toMatchObject({ created: 1, paid: 0, all: 1 });
    const res = (await consolePost(t, 'payments/query', ops.finance, { id: String(listed.rows[0].id) })).json();
    expect(res).toMatchObject({ code: 200, msg: '已向支付渠道查询，状态已更新：已支付', data: { status: 'paid' } });
    expect(res.data.tradeNo).toMatch(/^SB/);
    expect(await balance(a)).toBe(12_345);
    expect(await auditOfAction('payment.query', p.paymentNo)).toHaveLength(1);
    const byLogin = (await consolePost(t, 'payments/list', ops.finance, { status: 'paid', keyword: a.uName })).json();
    expect(byLogin.rows.map((r: { paymentNo: string }) => r.paymentNo)).toEqual([p.paymentNo]);
  });
});
