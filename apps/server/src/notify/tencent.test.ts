// The Tencent Cloud adapter against a local stub of sms.tencentcloudapi.com: the request Tencent
// would receive, and what the outbox records for an accepted, a flow-controlled and a refused
// message.
import { describe, expect, it } from 'vitest';
import { sendSmsCode } from '../modules/identity/sms.service';
import { type Carrier, carrierTestApp, describeCarrierContract } from '../test/carrier';
import type { StubRequest } from './carrier-stub';

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

const bodyOf = (r: StubRequest) => JSON.parse(r.body || '{}') as Record<string, unknown> & { PhoneNumberSet?: string[] };

const TENCENT: Carrier = {
  provider: 'tencent',
  env: (endpoint) => ({
    SMS_TENCENT_SECRET_ID: 'AKIDtestsecretid',
    SMS_TENCENT_SECRET_KEY: 'tencent-test-secret-key-value',
    SMS_TENCENT_SDK_APP_ID: '1400006666',
    SMS_TENCENT_REGION: 'ap-guangzhou',
    SMS_TENCENT_ENDPOINT: endpoint,
  }),
  answers: { ok: OK, flowControl: FLOW_CONTROL, badTemplate: BAD_TEMPLATE },
  requestsTo: (requests, phone) => requests.filter((r) => bodyOf(r).PhoneNumberSet?.[0] === `+86${phone}`),
  templateOf: (r) => ({ template: bodyOf(r).TemplateId, params: bodyOf(r).TemplateParamSet }),
  mobileChanged: { template: 'SMS_200', params: ['139****0000'] },
  recorded: {
    receipt: '回执编号 2433:1234567890',
    flowControl: 'LimitExceeded.PhoneNumberThirtySecondLimit: 单个手机号30秒内下发短信条数超过设定的上限',
    badTemplate: 'FailedOperation.TemplateIncorrectOrUnapproved: 模板未审批或内容不匹配',
  },
};
const kit = carrierTestApp(TENCENT);
const { stub, t, notifier, rowsTo, requestsTo } = kit;

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

  it('fails a message that names no template rather than send free text', async () => {
    stub.answer(OK);
    const sent = await notifier.send({ channel: 'sms', to: '13900139005', body: '一条没有模板的短信' });
    expect(sent.status).toBe('failed');
    expect(requestsTo('13900139005')).toHaveLength(0);
    expect((await rowsTo('13900139005'))[0]?.lastError).toMatch(/^NoTemplate: /);
  });

  describeCarrierContract(TENCENT, kit, ['13900139003', '13900139004', '13900139006']);
});
