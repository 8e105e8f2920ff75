import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../test/account';
import { outbox } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/harness';
import { post } from '../test/identity';
import { runCommand, USAGE } from './commands';
import { consoleSocketPath, sendToRunningServer, startConsoleSocket } from './socket';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  t = await buildTestApp();
  close = await startConsoleSocket(t.config.dataDir, { db: t.database.db }, t.app.log);
});
afterAll(async () => {
  await close();
  await t.close();
});

describe('npm run console', () => {
  it('prints the usage for no command and refuses an unknown one', async () => {
    expect(await runCommand({ db: t.database.db }, [])).toBe(USAGE);
    await expect(runCommand({ db: t.database.db }, ['drop', 'everything'])).rejects.toThrow('未知命令: drop everything');
  });

  it('reaches the running server through a socket only its own user can open', async () => {
    expect(statSync(consoleSocketPath(t.config.dataDir)).mode & 0o777).toBe(0o600);
    expect(await sendToRunningServer(t.config.dataDir, ['qualification', 'list'])).toEqual({ ok: true, output: '没有待审核的企业认证' });
    const a = await newAccount(t, '10.42.0.1');
    expect(await sendToRunningServer(t.config.dataDir, ['qualification', 'approve', a.uName])).toEqual({
      ok: false,
      output: '该账号没有企业认证申请',
    });
    expect(await sendToRunningServer(t.config.dataDir, ['qualification', 'approve', 'nobody99'])).toEqual({ ok: false, output: '账号不存在' });
  });

  it('lists the messages a carrier has not delivered, masked, with the reason', async () => {
    const run = (...argv: string[]) => runCommand({ db: t.database.db }, argv);
    expect(await run('outbox')).toBe('没有未送达的短信或邮件');
    await t.database.db.insert(outbox).values([
      {
        channel: 'sms',
        recipient: '13912340001',
        body: '验证码 123456',
        status: 'failed',
        attempts: 1,
        lastError: 'isv.SMS_TEMPLATE_ILLEGAL: 模板不合法',
        provider: 'aliyun',
      },
      {
        channel: 'sms',
        recipient: '13912340002',
        body: '验证码 654321',
        status: 'queued',
        attempts: 2,
        lastError: 'LimitExceeded.PhoneNumberThirtySecondLimit',
        provider: 'tencent',
      },
      { channel: 'sms', recipient: '13912340003', body: '验证码 111111', status: 'sent', attempts: 1, provider: 'tencent' },
    ]);
    const lines = (await run('outbox')).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/\t139\*\*\*\*0002\t重试中\t尝试2次\tLimitExceeded\.PhoneNumberThirtySecondLimit$/);
    expect(lines[1]).toMatch(/\t139\*\*\*\*0001\t失败\t尝试1次\tisv\.SMS_TEMPLATE_ILLEGAL: 模板不合法$/);
    expect(lines.join('\n')).not.toContain('123456');
  });

  it('grants feature codes, which the menu answers', async () => {
    const a = await newAccount(t, '10.42.0.2');
    const run = (...argv: string[]) => runCommand({ db: t.database.db }, argv);
    expect(await run('features', a.uName)).toBe(`${a.uName}: 默认`);
    await expect(run('features', a.uName, '6,99')).rejects.toThrow('不能开通的功能编码: 99（可用: 1,6,7,10,11,12,13,15）');
    expect(await run('features', a.uName, '13,6,11')).toBe(`${a.uName}: 已开通 6,11,13`);
    const menu = await post(t, 'UserCenter/getMembershipMenu', {}, { cookies: a.cookies });
    expect(menu.json().data).toEqual([6, 11, 13, 100, 101, 102, 103, 104, 105, 106, 107]);
    expect(await run('features', a.uName, 'default')).toBe(`${a.uName}: 已恢复默认`);
    await expect(run('features', 'nobody99')).rejects.toThrow('账号不存在');
  });

  it('answers null when no server listens in the data directory', async () => {
    expect(await sendToRunningServer('/tmp/apimarket-no-such-dir', ['help'])).toBeNull();
  });
});
