import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadWebConfig, WebEnvSchema } from '../web-config.mjs';

describe('web config', () => {
  it('defaults to the API on loopback beside the web', () => {
    const c = loadWebConfig({ PORT: '4000', API_PORT: '4001' });
    expect(c).toMatchObject({ port: 4000, apiOrigin: 'http://127.0.0.1:4001', devTools: false });
    // The operator's records are examples until set, and say so.
    expect(c.legalEntity.icpRecord).toMatch(/^示例：/);
  });

  it('hands the contact bar its WeChat QR and chat settings (Decision 4), and the operator its legal entity', () => {
    const c = loadWebConfig({
      WECHAT_QR_IMAGE: '/wechat-qr.png',
      CHAT_URL: 'https://chat.example.com/a',
      CHAT_URL_ALT: 'https://chat.example.com/b',
      COMPANY_NAME: '上海数联科技有限公司',
    });
    expect(c.contact).toEqual({
      wechatQrImage: '/wechat-qr.png',
      chatUrl: 'https://chat.example.com/a',
      chatUrlAlt: 'https://chat.example.com/b',
      chatAltPaths: ['/dataIntoTable', '/deepSeek'],
    });
    expect(c.legalEntity.companyName).toBe('上海数联科技有限公司');
    expect(() => loadWebConfig({ COMPANY_CREDIT_CODE: '91350100M000100Y44' })).toThrow(/统一社会信用代码/);
  });

  it('names a bad setting', () => {
    expect(() => loadWebConfig({ API_ORIGIN: 'not a url' })).toThrow(/API_ORIGIN 必须是 http\(s\):\/\/ 地址/);
  });

  it('.env.example lists every web setting', () => {
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...text.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
    for (const key of Object.keys(WebEnvSchema.shape)) expect(listed, key).toContain(key);
  });
});
