// SMS through Tencent Cloud (腾讯云短信, sms 2021-01-11 SendSms) with the carrier's own SDK: one
// registered template per kind, the phone in E.164 (+86…), the variables in template order.
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { Config } from '../config';
import { CarrierError, networkError } from './carrier-error';
import type { Carrier } from './index';
import { orderedParams } from './templates';

/**
 * The codes a later attempt can get past: flow control (LimitExceeded.*, RequestLimitExceeded)
 * and the platform's own failures (InternalError.*). Every other code (template, sign, phone
 * number, balance, keys) needs a person and is final.
 */
const TRANSIENT_CODE = /^(LimitExceeded|RequestLimitExceeded|InternalError|ResourceUnavailable\.ServiceUnavailable)/;

/** E.164: a mainland number gets +86; one already in international form is kept. */
export function e164(phone: string): string {
  return phone.startsWith('+') ? phone : `+86${phone}`;
}

export function tencentCarrier(config: Config['sms']): Carrier {
  const { secretId, secretKey, region, sdkAppId, endpoint } = config.tencent;
  const client = new sms.v20210111.Client({
    credential: { secretId, secretKey },
    region,
    profile: { httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}://`, reqTimeout: 10 } },
  });
  return {
    name: 'tencent',
    async deliver(message) {
      const template = message.template;
      if (!template) throw new CarrierError('NoTemplate', '短信未指定模板，运营商只发送已审核的模板', false);
      let statuses: Array<{ Code?: string; Message?: string; SerialNo?: string }> | undefined;
      try {
        const res = await client.SendSms({
          PhoneNumberSet: [e164(message.to)],
          SmsSdkAppId: sdkAppId,
          SignName: config.signature,
          TemplateId: config.templates[template.kind],
          TemplateParamSet: orderedParams(template),
        });
        statuses = res.SendStatusSet;
      } catch (err) {
        // The SDK throws its exception for an API error (with the answer's code), for an HTTP
        // error status (httpCode) and for the network (neither).
        const e = err as { code?: unknown; httpCode?: unknown; message?: unknown };
        if (typeof e.code === 'string' && e.code) throw new CarrierError(e.code, String(e.message ?? ''), TRANSIENT_CODE.test(e.code));
        if (typeof e.httpCode === 'number') throw new CarrierError(`HTTP${e.httpCode}`, String(e.message ?? ''), e.httpCode >= 500 || e.httpCode === 429);
        throw networkError(err);
      }
      // The request can succeed while the number is refused: each number has its own status.
      const status = statuses?.[0];
      const code = status?.Code ?? 'NoAnswer';
      if (code !== 'Ok') throw new CarrierError(code, status?.Message ?? '', TRANSIENT_CODE.test(code));
      return { carrierId: status?.SerialNo };
    },
  };
}
