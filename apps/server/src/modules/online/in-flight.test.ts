// askOnce on a real PGlite database: while a question is being asked, the same question of the same
// account is refused in words; another account's, or another question, goes ahead; the claim goes
// when the question is answered or fails; a claim left by a process that died is taken over once
// stale. And keepAnswer: a store that fails answers the call's seqNo, not 系统繁忙.
import { QUERY_MSG } from '@apimarket/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryClaims } from '../../db/schema';
import { newAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { askOnce, CLAIM_STALE_SECONDS, keepAnswer, questionOf } from './in-flight';

let t: TestApp;
let a: TestAccount;
let b: TestAccount;
const SECRET = 'in-flight-test-secret';
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  a = await newAccount(t, '10.74.0.1');
  b = await newAccount(t, '10.74.0.2');
});
afterAll(() => t.close());

/** A question that stays open until released. */
function held() {
  let release: (v: string) => void = () => {};
  const answer = new Promise<string>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release };
}

describe('askOnce', () => {
  it('refuses the same question of the same account while it is asked, and lets others through', async () => {
    const first = held();
    const asking = askOnce(db(), SECRET, a.memberId, ['judicial', 9839, '张三', '110101199003074514'], first.answer);
    await expect.poll(async () => (await db().select().from(queryClaims)).length).toBe(1);
    await expect(askOnce(db(), SECRET, a.memberId, ['judicial', 9839, '张三', '110101199003074514'], async () => 'again')).rejects.toMatchObject({
      code: 'ALL_0013',
      message: QUERY_MSG.inFlight,
    });
    expect(await askOnce(db(), SECRET, b.memberId, ['judicial', 9839, '张三', '110101199003074514'], async () => 'other account')).toBe('other account');
    expect(await askOnce(db(), SECRET, a.memberId, ['judicial', 9839, '李四', '110101199003074514'], async () => 'other question')).toBe('other question');
    first.release('first');
    expect(await asking).toBe('first');
    expect(await db().select().from(queryClaims)).toEqual([]);
    expect(await askOnce(db(), SECRET, a.memberId, ['judicial', 9839, '张三', '110101199003074514'], async () => 'asked again')).toBe('asked again');
  });

  it('lets the claim go when the question fails', async () => {
    await expect(askOnce(db(), SECRET, a.memberId, ['capacity', '某物流'], async () => Promise.reject(new Error('upstream')))).rejects.toThrow('upstream');
    expect(await db().select().from(queryClaims)).toEqual([]);
  });

  it('keeps no subject at rest, only a keyed hash', async () => {
    const first = held();
    const asking = askOnce(db(), SECRET, a.memberId, ['judicial', 9839, '张三', '110101199003074514'], first.answer);
    await expect.poll(async () => (await db().select().from(queryClaims)).length).toBe(1);
    const [row] = await db().select().from(queryClaims);
    expect(row?.question).toBe(questionOf(SECRET, ['judicial', 9839, '张三', '110101199003074514']));
    expect(row?.question).toMatch(/^[0-9a-f]{64}$/);
    expect(questionOf('another-secret', ['judicial', 9839, '张三', '110101199003074514'])).not.toBe(row?.question);
    first.release('done');
    await asking;
  });

  it('takes over a claim left stale by a process that died', async () => {
    const question = questionOf(SECRET, ['insurance', 'truck', '京A12345', '2']);
    await db()
      .insert(queryClaims)
      .values({ memberId: a.memberId, question, claimedAt: new Date(Date.now() - (CLAIM_STALE_SECONDS + 5) * 1000) });
    expect(await askOnce(db(), SECRET, a.memberId, ['insurance', 'truck', '京A12345', '2'], async () => 'taken over')).toBe('taken over');
    await db().insert(queryClaims).values({ memberId: a.memberId, question, claimedAt: sql`now() - interval '10 seconds'` });
    await expect(askOnce(db(), SECRET, a.memberId, ['insurance', 'truck', '京A12345', '2'], async () => 'too soon')).rejects.toMatchObject({
      code: 'ALL_0013',
    });
    await db().delete(queryClaims).where(eq(queryClaims.memberId, a.memberId));
  });
});

describe('keepAnswer', () => {
  it('answers the seqNo in words when the store fails, and logs it', async () => {
    const logged: unknown[] = [];
    const logger = { error: (o: unknown) => logged.push(o) } as never;
    await expect(keepAnswer({ logger }, 'ABCDEF0123456789ABCD', async () => Promise.reject(new Error('disk full')))).rejects.toMatchObject({
      code: 'ALL_0099',
      message: QUERY_MSG.notStored('ABCDEF0123456789ABCD'),
    });
    expect(logged).toEqual([expect.objectContaining({ seqNo: 'ABCDEF0123456789ABCD' })]);
    expect(await keepAnswer({ logger }, 'X', async () => 7)).toBe(7);
  });
});
