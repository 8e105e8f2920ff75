// The Tencent Cloud adapter against a local stub of sms.tencentcloudapi.com: the request Tencent
// would receive, and what the outbox records for an accepted, a flow-controlled and a refused
// message.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { sendSmsCode } from '../modules/identity/sms.service';
import { buildTestApp, type TestApp } from '../test/harness';
import { type CarrierStub, REAL_CARRIER_ENV, type StubRequest, startCarrierStub } from './carrier-stub';
import { createNotifier, type OutboxNotifier, RETRY_AFTER_MS } from './index';

const sendStatus = (code: string, message: string, serialNo = '') => ({
  json: {
    Response: {
      SendStatusSet: [
        { SerialNo: serialNo, PhoneNumber: '+8613900139000', Fee: code === 'Ok' ? 1 : 0, SessionContext: '', Code: code, Message: message, IsoCode: 'CN' },
      ],
      RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
    },
  },
});
const OK = sendStatus('Ok', 'send success', '2433:1234567890');
// Tencent refuses one number inside a successful request…
const FLOW_CONTROL = sendStatus('LimitExceeded.PhoneNumberThirtySecondLimit', '单个手机号30秒内下发短信条数超过设定的上限');
// …and a whole request with an error.
const BAD_TEMPLATE = {
  json: { Response: { Error: { Code: 'FailedOperation.TemplateIncorrectOrUnapproved', Message: '模板未审批或内容不匹配' }, RequestId: 'b1' } },
};

let stub: CarrierStub;
let t: TestApp;
let notifier: OutboxNotifier;

beforeAll(async () => {
  stub = await startCarrierStub(OK);
  t = await buildTestApp({
    env: {
      ...REAL_CARRIER_ENV,
      SMS_PROVIDER: 'tencent',
      SMS_TENCENT_SECRET_ID: 'AKIDtestsecretid',
      SMS_TENCENT_SECRET_KEY: 'tencent-test-secret-key-value',
      SMS_TENCENT_SDK_APP_ID: '1400006666',
      SMS_TENCENT_REGION: 'ap-guangzhou',
      SMS_TENCENT_ENDPOINT: stub.endpoint,
    },
  });
  notifier = createNotifier(t.config, t.database.db);
});

afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const bodyOf = (r: StubRequest) => JSON.parse(r.body || '{}') as Record<string, unknown> & { PhoneNumberSet?: string[] };
const requestsTo = (phone: string) => stub.requests.filter((r) => bodyOf(r).PhoneNumberSet?.[0] === `+86${phone}`);
const rowsTo = (phone: string) => t.database.db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(outbox.id);
const at = (row: { createdAt: Date }, ms: number) => new Date(row.createdAt.getTime() + ms);

describe('Tencent Cloud SMS', () => {
  it('sends the template to the +86 number with the code, signed with the SecretId, and records the SerialNo', async () => {
    stub.answer(OK);
    await sendSmsCode(t.database.db, notifier, { phone: '13900139001', purpose: 'general', ip: '10.8.0.1' });

    const [req] = requestsTo('13900139001');
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(req.headers['x-tc-version']).toBe('2021-01-11');
    expect(req.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(bodyOf(req)).toEqual({
      PhoneNumberSet: ['+8613900139001'],
      SmsSdkAppId: '1400006666',
      SignName: '数据API市场',
      TemplateId: 'SMS_100',
      TemplateParamSet: [expect.stringMatching(/^\d{6}$/)],
    });
    // Signed (TC3-HMAC-SHA256) with the SecretId; the SecretKey never travels.
    expect(req.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDtestsecretid\/\d{4}-\d{2}-\d{2}\/[^/]+\/tc3_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.stringify(req)).not.toContain('tencent-test-secret-key-value');

    const code = (bodyOf(req).TemplateParamSet as string[])[0];
    expect(await rowsTo('13900139001')).toMatchObject([
      {
        status: 'sent',
        provider: 'tencent',
        attempts: 1,
        lastError: '回执编号 2433:1234567890',
        body: `【数据API市场】您的验证码为${code}，10分钟内有效，请勿告知他人。`,
      },
    ]);
  });

  it('sends the variables of a notice in template order', async () => {
    stub.answer(OK);
    await notifier.send({
      channel: 'sms',
      to: '13900139002',
      body: '余额预警：您的账户余额为 1.00 元，已低于预警值 10.00 元。',
      template: { kind: 'alert', params: { threshold: '10.00 元', value: '1.00 元', title: '余额预警' } },
    });
    const [req] = requestsTo('13900139002');
    expect(req && bodyOf(req)).toMatchObject({ TemplateId: 'SMS_400', TemplateParamSet: ['余额预警', '1.00 元', '10.00 元'] });
  });

  it('keeps a number refused by flow control queued; the retry job sends it once due', async () => {
    stub.answer(FLOW_CONTROL, OK);
    const sent = await notifier.send({
      channel: 'sms',
      to: '13900139003',
      body: '您的账号绑定手机号已更换为139****0000，如非本人操作请立即联系客服。',
      template: { kind: 'mobile_changed', params: { mobile: '139****0000' } },
    });
    expect(sent.status).toBe('queued');
    const [queued] = await rowsTo('13900139003');
    if (!queued) throw new Error('no row');
    expect(queued).toMatchObject({
      status: 'queued',
      lastError: 'LimitExceeded.PhoneNumberThirtySecondLimit: 单个手机号30秒内下发短信条数超过设定的上限',
    });

    await notifier.retryDue(at(queued, RETRY_AFTER_MS[0] - 1_000));
    expect(requestsTo('13900139003')).toHaveLength(1);
    await notifier.retryDue(at(queued, RETRY_AFTER_MS[0]));
    const requests = requestsTo('13900139003');
    expect(requests).toHaveLength(2);
    expect(requests[1] && bodyOf(requests[1])).toMatchObject({ TemplateId: 'SMS_200', TemplateParamSet: ['139****0000'] });
    expect(await rowsTo('13900139003')).toMatchObject([{ status: 'sent', attempts: 2, lastError: '回执编号 2433:1234567890' }]);
  });

  it('fails a bad template at once with the carrier reason, and never retries it', async () => {
    stub.answer(BAD_TEMPLATE);
    const sent = await notifier.send({
      channel: 'sms',
      to: '13900139004',
      body: '您的数据API市场账号demo已连续12个月未登录，已标记待注销。',
      template: { kind: 'closure', params: { name: 'demo' } },
    });
    expect(sent.status).toBe('failed');
    const [row] = await rowsTo('13900139004');
    if (!row) throw new Error('no row');
    await notifier.retryDue(at(row, 24 * 3600_000));
    expect(requestsTo('13900139004')).toHaveLength(1);
    expect(await rowsTo('13900139004')).toMatchObject([
      { status: 'failed', attempts: 1, lastError: 'FailedOperation.TemplateIncorrectOrUnapproved: 模板未审批或内容不匹配' },
    ]);
  });

  it('records a connection failure as transient', async () => {
    const closed = await startCarrierStub(OK);
    await closed.close();
    const host = closed.endpoint.slice('http://'.length);
    const offline = createNotifier(
      { ...t.config, sms: { ...t.config.sms, tencent: { ...t.config.sms.tencent, endpoint: { protocol: 'http', host } } } },
      t.database.db,
    );
    const sent = await offline.send({ channel: 'sms', to: '13900139006', body: '验证码 135790', template: { kind: 'code', params: { code: '135790' } } });
    expect(sent.status).toBe('queued');
    expect((await rowsTo('13900139006'))[0]?.lastError).toMatch(/^ECONNREFUSED: /);
  });

  it('fails a message that names no template rather than send free text', async () => {
    stub.answer(OK);
    const sent = await notifier.send({ channel: 'sms', to: '13900139005', body: '一条没有模板的短信' });
    expect(sent.status).toBe('failed');
    expect(requestsTo('13900139005')).toHaveLength(0);
    expect((await rowsTo('13900139005'))[0]?.lastError).toMatch(/^NoTemplate: /);
  });
});
