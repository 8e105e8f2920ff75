// Accounts in the states the user center cares about, for tests: registered through the real
// flow (test/identity.ts), then, where a test needs it, given an approved enterprise
// authentication directly in the database (the review flow itself is tested on its own).
import { usccCheckChar } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { members, qualifications, sessions } from '../db/schema';
import { grantedFeatures } from '../modules/account/access';
import type { TestApp } from './harness';
import { registerAccount } from './identity';

let serial = 0;

/** A valid unified social credit code, different on every call. */
export function creditCode(): string {
  const body = `91310000MA${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 10)}`;
  return body + usccCheckChar(body);
}

export interface TestAccount {
  uName: string;
  mobile: string;
  password: string;
  memberId: number;
  /** The myToken cookie value. */
  token: string;
  cookies: Record<string, string>;
}

/** A fresh account with a unique name and phone, logged in. */
export async function newAccount(t: TestApp, ip = '10.20.0.1'): Promise<TestAccount> {
  const n = `${Date.now() % 1e6}${++serial}`.slice(-6).padStart(6, '0');
  const uName = `u${n}${String.fromCharCode(97 + (serial % 26))}`;
  const mobile = `139${n}${String(serial % 100).padStart(2, '0')}`;
  const password = 'abc12345';
  const token = await registerAccount(t, { uName, mobile, password }, ip);
  const [m] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.loginName, uName));
  if (!m) throw new Error('account not stored');
  return { uName, mobile, password, memberId: m.id, token, cookies: { myToken: token, membershipId: String(m.id) } };
}

/** Let the account's sessions run out, for the expired-session case every protected call must refuse. */
export async function expireSessions(t: TestApp, a: Pick<TestAccount, 'memberId'>): Promise<void> {
  await t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.memberId, a.memberId));
}

/** Mark an account's company as authenticated. */
export async function approve(t: TestApp, memberId: number): Promise<void> {
  await t.database.db.insert(qualifications).values({
    memberId,
    status: 'approved',
    companyName: '上海测试数据科技有限公司',
    creditCode: creditCode(),
    legalPerson: '张三',
    licencePath: '',
    licenceType: 'image/png',
    decidedBy: 'test',
    decidedAt: new Date(),
  });
}

/** Grant menu codes (spec 02 §6) beside what the account holds, as an operator does in the console. */
export async function grantFeatures(t: TestApp, memberId: number, codes: readonly number[]): Promise<void> {
  const [row] = await t.database.db.select({ featureCodes: members.featureCodes, parentId: members.parentId }).from(members).where(eq(members.id, memberId));
  if (!row) throw new Error('no such member');
  const codesNow = [...new Set([...grantedFeatures(row), ...codes])].sort((a, b) => a - b);
  await t.database.db.update(members).set({ featureCodes: codesNow }).where(eq(members.id, memberId));
}

/** A fresh, logged-in account whose company is authenticated; `features` are granted beside the defaults. */
export async function qualifiedAccount(t: TestApp, ip?: string, features: readonly number[] = []): Promise<TestAccount> {
  const a = await newAccount(t, ip);
  await approve(t, a.memberId);
  if (features.length) await grantFeatures(t, a.memberId, features);
  return a;
}
