// The Aliyun adapter against a local stub of dysmsapi: the request Aliyun would receive, and
// what the outbox records for an accepted, a flow-controlled and a refused message. Also what a
// user is answered when a code cannot be sent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { sendSmsCode, verifySmsCode } from '../modules/identity/sms.service';
import { buildTestApp, type TestApp } from '../test/harness';
import { type CarrierStub, REAL_CARRIER_ENV, startCarrierStub } from './carrier-stub';
import { createNotifier, MAX_ATTEMPTS, type OutboxNotifier, RETRY_AFTER_MS } from './index';

const OK = { json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'req-ok' } };
const FLOW_CONTROL = { json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'req-limit' } };
const BAD_TEMPLATE = { json: { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板', RequestId: 'req-tpl' } };

let stub: CarrierStub;
let t: TestApp;
let notifier: OutboxNotifier;

beforeAll(async () => {
  stub = await startCarrierStub(OK);
  t = await buildTestApp({
    env: {
      ...REAL_CARRIER_ENV,
      SMS_PROVIDER: 'aliyun',
      SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-test-key-id',
      SMS_ALIYUN_ACCESS_KEY_SECRET: 'aliyun-test-key-secret-value',
      SMS_ALIYUN_ENDPOINT: stub.endpoint,
    },
  });
  // The app's own notifier sends the same way; this one also exposes the job's retry pass.
  notifier = createNotifier(t.config, t.database.db);
});

afterAll(async () => {
  await t?.close();
  await stub?.close();
});

async function rowsTo(phone: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(outbox.id);
}

/** The requests the carrier received for one phone (other tests' queued rows retry too). */
const requestsTo = (phone: string) => stub.requests.filter((r) => r.url.searchParams.get('PhoneNumbers') === phone).length;

const at = (row: { createdAt: Date }, ms: number) => new Date(row.createdAt.getTime() + ms);

describe('Aliyun SMS', () => {
  it('sends the registered template with the code, signed with the AccessKey, and records the BizId', async () => {
    stub.answer(OK);
    await sendSmsCode(t.database.db, notifier, { phone: '13800138001', purpose: 'register', ip: '10.9.0.1' });

    expect(requestsTo('13800138001')).toBe(1);
    const req = stub.requests.at(-1);
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.headers['x-acs-action']).toBe('SendSms');
    expect(req.headers['x-acs-version']).toBe('2017-05-25');
    expect(req.url.searchParams.get('PhoneNumbers')).toBe('13800138001');
    expect(req.url.searchParams.get('SignName')).toBe('数据API市场');
    expect(req.url.searchParams.get('TemplateCode')).toBe('SMS_101');
    const params = JSON.parse(req.url.searchParams.get('TemplateParam') ?? '{}');
    expect(params).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
    // Signed (ACS3-HMAC-SHA256 over the request) with the key id; the secret never travels.
    expect(req.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test-key-id,SignedHeaders=.+,Signature=[0-9a-f]{64}$/);
    expect(JSON.stringify(req)).not.toContain('aliyun-test-key-secret-value');

    const [row] = await rowsTo('13800138001');
    // The outbox keeps the text as before, with the same code the carrier was given.
    expect(row?.body).toBe(`【数据API市场】您正在注册数据API市场账号，验证码${params.code}，10分钟内有效。如非本人操作请忽略。`);
    expect(row).toMatchObject({ status: 'sent', provider: 'aliyun', attempts: 1, lastError: '回执编号 900619746936498440^0' });
    // The code works.
    await expect(verifySmsCode(t.database.db, { phone: '13800138001', purpose: 'register', code: params.code })).resolves.toBeUndefined();
  });

  it('keeps a flow-controlled message queued; the retry job sends it once due', async () => {
    stub.answer(FLOW_CONTROL, OK);
    const sent = await notifier.send({
      channel: 'sms',
      to: '13800138002',
      body: '您的账号绑定手机号已更换为139****0000，如非本人操作请立即联系客服。',
      template: { kind: 'mobile_changed', params: { mobile: '139****0000' } },
    });
    expect(sent.status).toBe('queued');
    const [queued] = await rowsTo('13800138002');
    if (!queued) throw new Error('no row');
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1' });

    // Not before its time…
    await notifier.retryDue(at(queued, RETRY_AFTER_MS[0] - 1_000));
    expect(requestsTo('13800138002')).toBe(1);
    // …then the same template and variables go out again.
    await notifier.retryDue(at(queued, RETRY_AFTER_MS[0]));
    expect(requestsTo('13800138002')).toBe(2);
    const retry = stub.requests.findLast((r) => r.url.searchParams.get('PhoneNumbers') === '13800138002');
    expect(retry?.url.searchParams.get('TemplateCode')).toBe('SMS_200');
    expect(JSON.parse(retry?.url.searchParams.get('TemplateParam') ?? '{}')).toEqual({ mobile: '139****0000' });
    const [row] = await rowsTo('13800138002');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: '回执编号 900619746936498440^0' });
  });

  it('fails a bad template at once with the carrier reason, and never retries it', async () => {
    stub.answer(BAD_TEMPLATE);
    const sent = await notifier.send({
      channel: 'sms',
      to: '13800138003',
      body: '您的数据API市场账号demo已连续12个月未登录，已标记待注销。',
      template: { kind: 'closure', params: { name: 'demo' } },
    });
    expect(sent.status).toBe('failed');
    const [row] = await rowsTo('13800138003');
    if (!row) throw new Error('no row');
    await notifier.retryDue(at(row, 24 * 3600_000));
    expect(requestsTo('13800138003')).toBe(1);
    expect(await rowsTo('13800138003')).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'isv.SMS_TEMPLATE_ILLEGAL: 该账号下找不到对应模板' }]);
  });

  it('gives up after the last retry and says so', async () => {
    stub.answer(FLOW_CONTROL);
    await notifier.send({
      channel: 'sms',
      to: '13800138004',
      body: '余额预警：您的账户余额为 1.00 元，已低于预警值 10.00 元。',
      template: { kind: 'alert', params: { title: '余额预警', value: '1.00 元', threshold: '10.00 元' } },
    });
    const [row] = await rowsTo('13800138004');
    if (!row) throw new Error('no row');
    for (const wait of RETRY_AFTER_MS) await notifier.retryDue(at(row, wait));
    expect(await rowsTo('13800138004')).toMatchObject([
      { status: 'failed', attempts: MAX_ATTEMPTS, lastError: `尝试 ${MAX_ATTEMPTS} 次后仍未送达（isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1）` },
    ]);
  });

  it('treats a 5xx answer as transient', async () => {
    stub.answer({ status: 503, json: { Code: 'ServiceUnavailable', Message: 'The request has failed due to a temporary failure of the server.' } });
    const sent = await notifier.send({ channel: 'sms', to: '13800138005', body: '通知', template: { kind: 'closure', params: { name: 'x' } } });
    expect(sent.status).toBe('queued');
    expect((await rowsTo('13800138005'))[0]?.lastError).toMatch(/^ServiceUnavailable: /);
  });

  it('tells the user a code could not be sent, and withdraws it so they can ask again at once', async () => {
    stub.answer(BAD_TEMPLATE);
    const phone = '13800138006';
    const refused = sendSmsCode(t.database.db, notifier, { phone, purpose: 'register', ip: '10.9.0.6' });
    await expect(refused).rejects.toMatchObject({ code: 'ALL_0098', message: '验证码发送失败，请稍后再试' });
    expect(await rowsTo(phone)).toMatchObject([{ status: 'failed' }]);
    // Nothing to guess: the unsent code is gone.
    await expect(verifySmsCode(t.database.db, { phone, purpose: 'register', code: '000000' })).rejects.toThrow('短信验证码已失效，请重新获取');
    // No 60-second wait for a code that never arrived.
    stub.answer(OK);
    await expect(sendSmsCode(t.database.db, notifier, { phone, purpose: 'register', ip: '10.9.0.6' })).resolves.toBeUndefined();
    expect((await rowsTo(phone)).map((r) => r.status)).toEqual(['failed', 'sent']);
  });

  it('does not retry a code the user was told about, even when only flow control refused it', async () => {
    stub.answer(FLOW_CONTROL);
    const phone = '13800138007';
    await expect(sendSmsCode(t.database.db, notifier, { phone, purpose: 'general', ip: '10.9.0.7' })).rejects.toMatchObject({ code: 'ALL_0098' });
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: 'failed', lastError: '未送达，不再重试（isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1）' });
  });

  it('answers a reset code the same whether or not it went out (Decision 19), and retries it only while it is valid', async () => {
    stub.answer(FLOW_CONTROL);
    const phone = '13800138008';
    await expect(sendSmsCode(t.database.db, notifier, { phone, purpose: 'reset', ip: '10.9.0.8' })).resolves.toBeUndefined();
    const [row] = await rowsTo(phone);
    if (!row) throw new Error('no row');
    expect(row.status).toBe('queued');
    // Retried at 30 s and 2 min; the next slot (10 min) is past the code's life: failed, with why.
    await notifier.retryDue(at(row, RETRY_AFTER_MS[0]));
    await notifier.retryDue(at(row, RETRY_AFTER_MS[1]));
    expect(requestsTo(phone)).toBe(3);
    await notifier.retryDue(at(row, RETRY_AFTER_MS[2]));
    expect(requestsTo(phone)).toBe(3);
    expect(await rowsTo(phone)).toMatchObject([
      { status: 'failed', attempts: 3, lastError: '未送达，不再重试（isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1）' },
    ]);
  });

  it('records a connection failure as transient, without the phone or the code in the reason', async () => {
    const closed = await startCarrierStub(OK);
    await closed.close();
    const offline = createNotifier(
      {
        ...t.config,
        sms: { ...t.config.sms, aliyun: { ...t.config.sms.aliyun, endpoint: { protocol: 'http', host: closed.endpoint.slice('http://'.length) } } },
      },
      t.database.db,
    );
    const sent = await offline.send({ channel: 'sms', to: '13800138009', body: '验证码 246810', template: { kind: 'code', params: { code: '246810' } } });
    expect(sent.status).toBe('queued');
    const [row] = await rowsTo('13800138009');
    expect(row?.lastError).toMatch(/^ECONNREFUSED: /);
    expect(row?.lastError).not.toContain('13800138009');
    expect(row?.lastError).not.toContain('246810');
  });
});
