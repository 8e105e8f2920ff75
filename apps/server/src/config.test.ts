import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working embedded defaults with DEV_TOOLS on', () => {
    const c = loadConfig({ DEV_TOOLS: '1' });
    expect(c.port).toBe(3001);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.devTools).toBe(true);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('refuses the development secrets in production', () => {
    expect(() => loadConfig({})).toThrow(/WIRE_SIGN_SECRET/);
    const c = loadConfig({ WIRE_SIGN_SECRET: 'prod-sign-123', WIRE_AES_SECRET: 'prod-aes-456', SECRETS_KEY: 'prod-secrets-key-0123' });
    expect(c.devTools).toBe(false);
    expect(() => loadConfig({ WIRE_SIGN_SECRET: 'prod-sign-123', WIRE_AES_SECRET: 'prod-aes-456' })).toThrow(/SECRETS_KEY/);
  });

  it('splits the portal and the gateway into process roles only on a shared PostgreSQL', () => {
    expect(loadConfig({ DEV_TOOLS: '1' }).role).toBe('all');
    expect(() => loadConfig({ DEV_TOOLS: '1', SERVER_ROLE: 'gateway' })).toThrow(/SERVER_ROLE 为 portal 或 gateway 时必须设置 DATABASE_URL/);
    expect(() => loadConfig({ DEV_TOOLS: '1', SERVER_ROLE: 'worker' })).toThrow(/SERVER_ROLE 只能是 all、portal 或 gateway/);
    const gateway = loadConfig({ DEV_TOOLS: '1', SERVER_ROLE: 'gateway', DATABASE_URL: 'postgres://db.internal/apimarket' });
    expect(gateway.role).toBe('gateway');
    // Jobs belong to a portal process, whatever RUN_JOBS says.
    expect(gateway.runJobs).toBe(false);
    expect(loadConfig({ DEV_TOOLS: '1', SERVER_ROLE: 'portal', DATABASE_URL: 'postgres://db.internal/apimarket' }).runJobs).toBe(true);
  });

  it('reads the special users as a set of login names', () => {
    const c = loadConfig({ DEV_TOOLS: '1', SPECIAL_USERS: ' bossA, bossB ,,' });
    expect([...c.account.specialUsers]).toEqual(['bossA', 'bossB']);
    expect(c.account.freeTestCalls).toBe(150);
  });

  it('reads the password-hashing cap: 0 (automatic) by default, 1–64 explicit', () => {
    expect(loadConfig({ DEV_TOOLS: '1' }).argon2Concurrency).toBe(0);
    expect(loadConfig({ DEV_TOOLS: '1', ARGON2_CONCURRENCY: '16' }).argon2Concurrency).toBe(16);
    expect(() => loadConfig({ DEV_TOOLS: '1', ARGON2_CONCURRENCY: '65' })).toThrow(/ARGON2_CONCURRENCY/);
  });

  it('refuses DEV_TOOLS together with a real mail provider', () => {
    expect(() => loadConfig({ DEV_TOOLS: '1', SMTP_URL: 'smtp://u:p@mail.example.cn:587' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_TOOLS: '1', SMTP_URL: 'smtp://u:p@mail.example.cn:587' })).toThrow(/DEV_TOOLS/);
  });

  it('names every bad setting', () => {
    try {
      loadConfig({ DEV_TOOLS: '1', API_PORT: 'eighty', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect(String(err)).toContain('API_PORT');
      expect(String(err)).toContain('DATABASE_URL 必须是 postgres:// 或 postgresql:// 地址');
    }
  });
});

describe('.env.example', () => {
  it('lists every server setting', async () => {
    const { readFileSync } = await import('node:fs');
    const { EnvSchema } = await import('./config');
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    for (const key of Object.keys(EnvSchema.shape)) expect(listed, key).toContain(key);
  });
});
