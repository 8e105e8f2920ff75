// Choosing a real SMS carrier: the keys and template ids it needs are checked at start, with
// a message naming what is missing; DEV_TOOLS stays refused beside a real carrier.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { REAL_CARRIER_ENV } from './carrier-stub';

const ALIYUN = { ...REAL_CARRIER_ENV, SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-id', SMS_ALIYUN_ACCESS_KEY_SECRET: 'aliyun-secret' };
const TENCENT = {
  ...REAL_CARRIER_ENV,
  SMS_PROVIDER: 'tencent',
  SMS_TENCENT_SECRET_ID: 'AKID-id',
  SMS_TENCENT_SECRET_KEY: 'tencent-secret',
  SMS_TENCENT_SDK_APP_ID: '1400006666',
};

describe('SMS carrier settings', () => {
  it('starts with Aliyun when its keys and templates are set', () => {
    const config = loadConfig(ALIYUN);
    expect(config.sms.provider).toBe('aliyun');
    expect(config.sms.aliyun).toEqual({
      accessKeyId: 'LTAI-id',
      accessKeySecret: 'aliyun-secret',
      endpoint: { protocol: 'https', host: 'dysmsapi.aliyuncs.com' },
    });
    // A purpose without its own code template uses the general one.
    expect(config.sms.templates).toMatchObject({ code: 'SMS_100', code_register: 'SMS_101', code_reset: 'SMS_100', code_login: 'SMS_100', alert: 'SMS_400' });
  });

  it('starts with Tencent Cloud, in ap-guangzhou unless told otherwise', () => {
    const config = loadConfig(TENCENT);
    expect(config.sms.tencent).toEqual({
      secretId: 'AKID-id',
      secretKey: 'tencent-secret',
      sdkAppId: '1400006666',
      region: 'ap-guangzhou',
      endpoint: { protocol: 'https', host: 'sms.tencentcloudapi.com' },
    });
    expect(loadConfig({ ...TENCENT, SMS_TENCENT_REGION: 'ap-beijing' }).sms.tencent.region).toBe('ap-beijing');
  });

  it('names every missing key, never a secret', () => {
    expect(() => loadConfig({ ...REAL_CARRIER_ENV, SMS_PROVIDER: 'aliyun', SMS_TEMPLATE_ALERT: '' })).toThrow(
      '配置无效: SMS_PROVIDER=aliyun 时必须设置 SMS_ALIYUN_ACCESS_KEY_ID、SMS_ALIYUN_ACCESS_KEY_SECRET、SMS_TEMPLATE_ALERT',
    );
    expect(() => loadConfig({ ...TENCENT, SMS_TENCENT_SDK_APP_ID: '', SMS_TEMPLATE_CODE: '' })).toThrow(
      '配置无效: SMS_PROVIDER=tencent 时必须设置 SMS_TENCENT_SDK_APP_ID、SMS_TEMPLATE_CODE',
    );
  });

  it('still refuses DEV_TOOLS beside a real carrier', () => {
    expect(() => loadConfig({ ...ALIYUN, DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS=1 会公开验证码/);
  });

  it('takes another endpoint: a host, or an http(s) address with a port', () => {
    expect(loadConfig({ ...ALIYUN, SMS_ALIYUN_ENDPOINT: 'http://127.0.0.1:8080' }).sms.aliyun.endpoint).toEqual({ protocol: 'http', host: '127.0.0.1:8080' });
    expect(loadConfig({ ...TENCENT, SMS_TENCENT_ENDPOINT: 'sms.ap-guangzhou.tencentcloudapi.com' }).sms.tencent.endpoint).toEqual({
      protocol: 'https',
      host: 'sms.ap-guangzhou.tencentcloudapi.com',
    });
    // Empty is the default, as an .env line left blank.
    expect(loadConfig({ ...ALIYUN, SMS_ALIYUN_ENDPOINT: '' }).sms.aliyun.endpoint.host).toBe('dysmsapi.aliyuncs.com');
    expect(() => loadConfig({ ...ALIYUN, SMS_ALIYUN_ENDPOINT: 'ftp://proxy.internal' })).toThrow(
      /SMS_ALIYUN_ENDPOINT 必须是主机名或 http\(s\):\/\/主机\[:端口\]/,
    );
    expect(() => loadConfig({ ...TENCENT, SMS_TENCENT_ENDPOINT: 'https://proxy.internal/sms' })).toThrow(/SMS_TENCENT_ENDPOINT/);
  });
});
