// The Aliyun adapter against a local stub of dysmsapi: the request Aliyun would receive, and
// what the outbox records for an accepted, a flow-controlled and a refused message. Also what a
// user is answered when a code cannot be sent.
import { describe, expect, it } from 'vitest';
import { sendSmsCode, verifySmsCode } from '../modules/identity/sms.service';
import { type Carrier, carrierTestApp, describeCarrierContract } from '../test/carrier';
import { MAX_ATTEMPTS, RETRY_AFTER_MS } from './index';

const OK = { json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'req-ok' } };
const FLOW_CONTROL = { json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'req-limit' } };
const BAD_TEMPLATE = { json: { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板', RequestId: 'req-tpl' } };

const ALIYUN: Carrier = {
  provider: 'aliyun',
  env: (endpoint) => ({
    SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-test-key-id',
    SMS_ALIYUN_ACCESS_KEY_SECRET: 'aliyun-test-key-secret-value',
    SMS_ALIYUN_ENDPOINT: endpoint,
  }),
  answers: { ok: OK, flowControl: FLOW_CONTROL, badTemplate: BAD_TEMPLATE },
  requestsTo: (requests, phone) => requests.filter((r) => r.url.searchParams.get('PhoneNumbers') === phone),
  templateOf: (r) => ({ template: r.url.searchParams.get('TemplateCode'), params: JSON.parse(r.url.searchParams.get('TemplateParam') ?? '{}') }),
  mobileChanged: { template: 'SMS_200', params: { mobile: '139****0000' } },
  recorded: {
    receipt: '回执编号 900619746936498440^0',
    flowControl: 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1',
    badTemplate: 'isv.SMS_TEMPLATE_ILLEGAL: 该账号下找不到对应模板',
  },
};
const kit = carrierTestApp(ALIYUN);
const { stub, t, notifier, rowsTo, at } = kit;
const requestsTo = (phone: string) => kit.requestsTo(phone).length;

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

  describeCarrierContract(ALIYUN, kit, ['13800138002', '13800138003', '13800138009']);
});
