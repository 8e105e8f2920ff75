// SMS through Aliyun (阿里云短信服务, dysmsapi 2017-05-25 SendSms) with the carrier's own SDK:
// one registered template per kind, the phone as 11 digits, the variables as a JSON object.
import { createRequire } from 'node:module';
import type { Config } from '../config';
import { CarrierError, networkError } from './carrier-error';
import type { Carrier } from './index';

// The SDK is CommonJS whose client is `exports.default`: loading it through require gives the
// same object under Node, tsx and vitest (an ESM default import would differ between them).
// Its Config class comes from the openapi-core the SDK itself depends on. (openapi-core's
// postinstall only picks a TypeScript for Node 10/12; the compiled dist needs nothing from it.)
const require = createRequire(import.meta.url);
const Dysmsapi: typeof import('@alicloud/dysmsapi20170525') = require('@alicloud/dysmsapi20170525');
const OpenApi: typeof import('@alicloud/openapi-core') = createRequire(require.resolve('@alicloud/dysmsapi20170525'))('@alicloud/openapi-core');

/**
 * The answer codes a later attempt can get past: flow control per phone/template/account and
 * the platform's own failures. Every other code (template, sign, phone number, balance, keys)
 * needs a person and is final.
 */
const TRANSIENT_CODE = /LIMIT_CONTROL|^isv\.BUSINESS_LIMIT|^isp\.(SYSTEM_ERROR|GATEWAY_ERROR|UNKNOWN\w*)$|^Throttling|^ServiceUnavailable|^InternalError/;

export function aliyunCarrier(config: Config['sms']): Carrier {
  const { accessKeyId, accessKeySecret, endpoint } = config.aliyun;
  const client = new Dysmsapi.default(
    new OpenApi.$OpenApiUtil.Config({
      accessKeyId,
      accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol,
      connectTimeout: 5_000,
      readTimeout: 10_000,
    }),
  );
  return {
    name: 'aliyun',
    async deliver(message) {
      const template = message.template;
      if (!template) throw new CarrierError('NoTemplate', '短信未指定模板，运营商只发送已审核的模板', false);
      let body: { code?: string; message?: string; bizId?: string } | undefined;
      try {
        const res = await client.sendSms(
          new Dysmsapi.SendSmsRequest({
            phoneNumbers: message.to,
            signName: config.signature,
            templateCode: config.templates[template.kind],
            templateParam: JSON.stringify(template.params),
          }),
        );
        body = res.body;
      } catch (err) {
        // The SDK throws for an HTTP error status (ClientError 4xx, ServerError 5xx,
        // ThrottlingError) with the answer's code; anything without a status is the network.
        const e = err as { code?: unknown; statusCode?: unknown; data?: { Message?: unknown } };
        if (typeof e.statusCode !== 'number') throw networkError(err);
        const code = String(e.code ?? `HTTP${e.statusCode}`);
        throw new CarrierError(code, String(e.data?.Message ?? `HTTP ${e.statusCode}`), e.statusCode >= 500 || TRANSIENT_CODE.test(code));
      }
      // A refusal comes back as 200 with a Code other than OK (isv.SMS_TEMPLATE_ILLEGAL…).
      const code = body?.code ?? 'NoAnswer';
      if (code !== 'OK') throw new CarrierError(code, body?.message ?? '', TRANSIENT_CODE.test(code));
      return { carrierId: body?.bizId };
    },
  };
}
