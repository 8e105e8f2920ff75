// The Alipay and WeChat Pay adapters against local stubs that check the merchant's signatures
// and sign their own answers and notifications with key pairs generated here: the QR code, a
// notification booked once, a forged one refused, and the query job settling and closing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../../test/account';
import { fileTestApp } from '../../../test/harness';
import { fixtures } from '../../purchases/purchases.fixtures';
import { reconcileOpen } from '../payments.service';
import { paymentProviders } from '.';
import type { Incoming } from './provider';
import { type AlipayStub, alipayStub, rsaKeys, type WechatStub, wechatStub } from './stubs.fixtures';

let ali: AlipayStub;
let wx: WechatStub;
beforeAll(async () => {
  ali = await alipayStub();
  wx = await wechatStub();
});
afterAll(async () => {
  await ali?.close();
  await wx?.close();
});

const t = fileTestApp(() => ({
  env: {
    PAYMENT_PROVIDER: 'alipay,wechat',
    PAYMENT_NOTIFY_BASE_URL: 'https://api.example.com',
    ALIPAY_APP_ID: ali.appId,
    ALIPAY_PRIVATE_KEY: ali.app.privateKey,
    ALIPAY_PUBLIC_KEY: ali.alipay.publicKey,
    ALIPAY_GATEWAY: ali.url,
    WECHATPAY_MCH_ID: wx.mchId,
    WECHATPAY_APP_ID: wx.appId,
    WECHATPAY_SERIAL: wx.serial,
    WECHATPAY_PRIVATE_KEY: wx.merchant.privateKey,
    WECHATPAY_APIV3_KEY: wx.apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: wx.platform.publicKey,
    WECHATPAY_PLATFORM_KEY_ID: wx.platformKeyId,
    WECHATPAY_BASE_URL: wx.url,
  },
}));
const { as, balance, ledgerSum } = fixtures(() => t);

const notify = (provider: string, incoming: Incoming) =>
  t.app.inject({
    method: 'POST',
    url: `/apiHome/payment/notify/${provider}`,
    headers: incoming.headers as Record<string, string>,
    payload: incoming.rawBody,
  });

async function recharge(a: TestAccount, provider: string, amount: string) {
  const res = await as(a, 'payment/create', { amount, provider });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data as { paymentNo: string; qrDataUrl: string; amountFen: number };
}

const statusOf = async (paymentNo: string) => (await t.database.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]?.status;

describe('configured providers', () => {
  it('the page is offered 支付宝 and 微信支付, and no sandbox', async () => {
    const a = await qualifiedAccount(t, '10.78.0.1');
    expect((await as(a, 'payment/methods')).json().data).toMatchObject({
      methods: [
        { provider: 'alipay', label: '支付宝' },
        { provider: 'wechat', label: '微信支付' },
      ],
      simulate: false,
    });
    expect((await as(a, 'payment/create', { amount: '10', provider: 'sandbox' })).json().msg).toBe('请选择支付方式');
  });
});

describe('Alipay (当面付)', () => {
  it('precreates the trade and answers its QR code; a notification credits once, however often it comes', async () => {
    const a = await qualifiedAccount(t, '10.78.1.1');
    const p = await recharge(a, 'alipay', '66.60');
    expect(p.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(ali.trades.get(p.paymentNo)).toMatchObject({ amountFen: 6660, state: 'WAIT_BUYER_PAY' });
    const n = ali.pay(p.paymentNo);
    for (let i = 0; i < 3; i++) {
      const res = await notify('alipay', n);
      expect([res.statusCode, res.body]).toEqual([200, 'success']);
    }
    expect(await balance(a)).toBe(6660);
    expect(await ledgerSum(a)).toBe(6660);
    const [row] = (await as(a, 'mytrade/consume/list')).json().rows;
    expect(row).toMatchObject({ kindLabel: '在线支付', amountFen: 6660 });
    expect(row.note).toContain('支付宝');
    expect(ali.badRequests).toBe(0);
  });

  it('refuses a notification not signed by Alipay, or altered, and changes nothing', async () => {
    const a = await qualifiedAccount(t, '10.78.1.2');
    const p = await recharge(a, 'alipay', '10');
    const forged = ali.pay(p.paymentNo, rsaKeys().privateKey);
    const res = await notify('alipay', forged);
    expect([res.statusCode, res.json().code]).toEqual([400, 'ALL_0003']);
    const genuine = ali.pay(p.paymentNo);
    const altered = { ...genuine.fields, total_amount: '0.01' } as Record<string, string>;
    const res2 = await notify('alipay', { ...genuine, rawBody: new URLSearchParams(altered).toString() });
    expect([res2.statusCode, res2.json().code]).toEqual([400, 'ALL_0003']);
    expect(await balance(a)).toBe(0);
    expect(await statusOf(p.paymentNo)).toBe('created');
  });

  it('the query job books a trade paid without a notification and closes an expired one at Alipay', async () => {
    const a = await qualifiedAccount(t, '10.78.1.3');
    const paid = await recharge(a, 'alipay', '20');
    const left = await recharge(a, 'alipay', '30');
    const trade = ali.trades.get(paid.paymentNo);
    if (trade) trade.state = 'TRADE_SUCCESS';
    const providers = paymentProviders(t.config.payments);
    await reconcileOpen(t.database.db, providers, new Date(Date.now() + 16 * 60_000));
    expect(await statusOf(paid.paymentNo)).toBe('paid');
    expect(await statusOf(left.paymentNo)).toBe('closed');
    expect(ali.trades.get(left.paymentNo)?.state).toBe('TRADE_CLOSED');
    expect(await balance(a)).toBe(2000);
  });
});

describe('WeChat Pay Native (APIv3)', () => {
  it('opens the trade and answers its code_url as a QR; a notification credits once', async () => {
    const a = await qualifiedAccount(t, '10.78.2.1');
    const p = await recharge(a, 'wechat', '77.70');
    expect(wx.trades.get(p.paymentNo)).toMatchObject({ amountFen: 7770, state: 'NOTPAY' });
    const n = wx.pay(p.paymentNo);
    const answers = await Promise.all([notify('wechat', n), notify('wechat', n), notify('wechat', n)]);
    for (const r of answers) expect([r.statusCode, r.json()]).toEqual([200, { code: 'SUCCESS', message: '成功' }]);
    expect(await balance(a)).toBe(7770);
    expect(await ledgerSum(a)).toBe(7770);
    expect(wx.badRequests).toBe(0);
  });

  it('refuses a notification with a forged signature or a resource sealed with another key', async () => {
    const a = await qualifiedAccount(t, '10.78.2.2');
    const p = await recharge(a, 'wechat', '10');
    const forged = await notify('wechat', wx.pay(p.paymentNo, { key: rsaKeys().privateKey }));
    expect([forged.statusCode, forged.json()]).toEqual([400, { code: 'ALL_0003', msg: '支付通知验签失败' }]);
    const resealed = await notify('wechat', wx.pay(p.paymentNo, { apiV3Key: 'x'.repeat(32) }));
    expect(resealed.statusCode).toBe(400);
    const genuine = wx.pay(p.paymentNo);
    const altered = await notify('wechat', { ...genuine, rawBody: genuine.rawBody.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCES5') });
    expect(altered.statusCode).toBe(400);
    expect(await balance(a)).toBe(0);
    expect(await statusOf(p.paymentNo)).toBe('created');
  });

  it('the query job books a trade paid without a notification and closes an expired one at WeChat Pay', async () => {
    const a = await qualifiedAccount(t, '10.78.2.3');
    const paid = await recharge(a, 'wechat', '40');
    const left = await recharge(a, 'wechat', '50');
    const trade = wx.trades.get(paid.paymentNo);
    if (trade) trade.state = 'SUCCESS';
    await reconcileOpen(t.database.db, paymentProviders(t.config.payments), new Date(Date.now() + 16 * 60_000));
    expect(await statusOf(paid.paymentNo)).toBe('paid');
    expect(await statusOf(left.paymentNo)).toBe('closed');
    expect(wx.trades.get(left.paymentNo)?.state).toBe('CLOSED');
    expect(await balance(a)).toBe(4000);
  });
});

describe('start-up checks', () => {
  it('names the missing or broken credentials of a configured provider', async () => {
    const { loadConfig } = await import('../../../config');
    expect(() => loadConfig({ DEV_TOOLS: '1', PAYMENT_PROVIDER: 'alipay' })).toThrow(/须设置 PAYMENT_NOTIFY_BASE_URL、?.*ALIPAY_APP_ID/);
    expect(() =>
      loadConfig({
        DEV_TOOLS: '1',
        PAYMENT_PROVIDER: 'wechat',
        PAYMENT_NOTIFY_BASE_URL: 'https://api.example.com',
        WECHATPAY_MCH_ID: '1',
        WECHATPAY_APP_ID: 'wx',
        WECHATPAY_SERIAL: 'S',
        WECHATPAY_PRIVATE_KEY: 'not a key',
        WECHATPAY_APIV3_KEY: 'short',
        WECHATPAY_PLATFORM_PUBLIC_KEY: wx.platform.publicKey,
        WECHATPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_1',
      }),
    ).toThrow('WECHATPAY_PRIVATE_KEY 不是有效的 RSA 私钥；WECHATPAY_APIV3_KEY 必须是 32 个字符');
    expect(() => loadConfig({ DEV_TOOLS: '1', PAYMENT_PROVIDER: 'paypal' })).toThrow(/不认识 paypal/);
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: 'sandbox',
        DATABASE_URL: 'postgres://x/y',
        WIRE_SIGN_SECRET: 'a'.repeat(16),
        WIRE_AES_SECRET: 'b'.repeat(16),
        SECRETS_KEY: 'c'.repeat(16),
      }),
    ).toThrow(/sandbox 只用于演示与开发/);
    // The embedded default is the sandbox; production without a setting offers bank transfer only.
    expect(loadConfig({ DEV_TOOLS: '1' }).payments.providers).toEqual(['sandbox']);
    expect(loadConfig({ DEV_TOOLS: '1', DATABASE_URL: 'postgres://x/y' }).payments.providers).toEqual([]);
    expect(loadConfig({ DEV_TOOLS: '1', PAYMENT_PROVIDER: 'none' }).payments.providers).toEqual([]);
  });
});
