// Signed-mode nonces across API processes (issue #16 §3): a captured signed call is refused on
// another process over the same database and after a restart, for the whole timestamp window.
// A second process is a second app over the same database with none of the first one's memory
// (clearGatewayCaches forgets what this process's gateway remembers).
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../../db/schema';
import { qualifiedAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { gatewayPost } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { sweepThrottles } from '../throttle/throttle.service';
import { clearGatewayCaches } from './gateway.service';
import { hmacSign, NONCE_MEMORY_MS, SIGNED_WINDOW_MS, signingString, sweepSpentNonces } from './signed';

let first: TestApp;
const PATH = '/communication/personal/1882';
const ZHANG = { name: '张三', idcard: '110101199003074514' };
let customer: { key: string; appKey: string; secret: string };

beforeAll(async () => {
  first = await buildTestApp();
  const account = await qualifiedAccount(first, '10.63.0.1');
  const key = await buyCheapest(first, account, 1882);
  const appKey = (await post(first, 'myAccount/myAppKey', {}, { cookies: account.cookies })).json().data.appKey;
  const secret = (await post(first, 'myAccount/docSecretKey', { action: 'create', password: account.password }, { cookies: account.cookies })).json().data
    .secret;
  expect((await post(first, 'myAccount/encryptSign', { signMode: 'hmac-sha256', password: account.password }, { cookies: account.cookies })).json().code).toBe(
    200,
  );
  customer = { key, appKey, secret };
});
afterAll(() => first.close());

let serial = 0;
function signedCall(at = Date.now()) {
  const fields = { key: customer.key, appKey: customer.appKey, timestamp: String(at), nonce: `replay${Date.now().toString(36)}${++serial}`, ...ZHANG };
  return { ...fields, sign: hmacSign(signingString(fields), customer.secret) };
}

const call = (t: TestApp, fields: Record<string, string>) => gatewayPost(t, PATH, fields, '203.0.113.63');

/** Another API process over the same database: its own app, none of this process's memory. */
async function anotherProcess(): Promise<TestApp> {
  clearGatewayCaches();
  return buildTestApp({ sharedWith: first });
}

describe('a spent nonce is refused everywhere for the whole window', () => {
  it('on another API process, and on a process started after it was spent', async () => {
    const captured = signedCall();
    expect((await call(first, captured)).json()).toMatchObject({ code: '10000' });

    const second = await anotherProcess();
    try {
      expect((await call(second, captured)).json()).toMatchObject({ code: 'SYSTEM_040', message: '请求重复（nonce 已使用）', data: null });
      // A fresh nonce is fine there: the refusal is the replay's.
      expect((await call(second, signedCall())).json().code).toBe('10000');
    } finally {
      await second.close();
    }

    const restarted = await anotherProcess();
    try {
      expect((await call(restarted, captured)).json().code).toBe('SYSTEM_040');
    } finally {
      await restarted.close();
    }
    expect((await call(first, captured)).json().code).toBe('SYSTEM_040');
  });

  it('is kept for twice the timestamp window and a minute for clocks, then swept', async () => {
    expect(NONCE_MEMORY_MS).toBe(2 * SIGNED_WINDOW_MS + 60_000);
    // A call stamped at the far edge of the window (almost five minutes ahead) stays acceptable
    // for almost ten minutes: its nonce must be remembered that long.
    const early = signedCall(Date.now() + SIGNED_WINDOW_MS - 5_000);
    expect((await call(first, early)).json().code).toBe('10000');
    const db = first.database.db;
    const age = (ms: number) =>
      db.execute(
        sql`update throttles set window_start = window_start - make_interval(secs => ${ms / 1000}) where key = ${`nonce:${customer.appKey}:${early.nonce}`}`,
      );
    await age(NONCE_MEMORY_MS - 60_000);
    expect(await sweepSpentNonces(db)).toBe(0);
    clearGatewayCaches();
    expect((await call(first, early)).json().code).toBe('SYSTEM_040');

    await age(120_000);
    expect(await sweepSpentNonces(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ key: throttles.key })
      .from(throttles)
      .where(sql`${throttles.key} like 'nonce:%' and ${throttles.windowStart} < now() - interval '11 minutes'`);
    expect(left).toEqual([]);
  });

  it('the jobs’ sweep leaves counters that are still counting and blocks that still hold', async () => {
    const db = first.database.db;
    await db.execute(sql`insert into throttles (key, count, window_start, blocked_until) values
      ('sweeptest:old', 3, now() - interval '9 days', null),
      ('sweeptest:recent', 3, now() - interval '1 day', null),
      ('sweeptest:blocked', 0, now() - interval '9 days', now() + interval '1 hour')`);
    expect(await sweepThrottles(db, { prefix: 'sweeptest:', keepMs: 8 * 24 * 3600_000, limit: 100 })).toBe(1);
    const rows = await db.select({ key: throttles.key }).from(throttles).where(like(throttles.key, 'sweeptest:%')).orderBy(throttles.key);
    expect(rows.map((r) => r.key)).toEqual(['sweeptest:blocked', 'sweeptest:recent']);
  });
});
