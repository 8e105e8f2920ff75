import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadWebConfig, WebEnvSchema } from '../web-config.mjs';

describe('web config', () => {
  it('defaults to the API on loopback beside the web', () => {
    const c = loadWebConfig({ PORT: '4000', API_PORT: '4001' });
    expect(c).toMatchObject({ port: 4000, apiOrigin: 'http://127.0.0.1:4001', devTools: false, icpRecord: '' });
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
