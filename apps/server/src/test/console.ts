// Operators in tests: created through the service, signed in through the real calls — password,
// then the authenticator enrolment with a code computed from the secret the server offered. Also
// what every console area's test file sets up: its app, one operator a role, the role matrix.
import { type ConsoleArea, CONSOLE_COOKIE, OPERATOR_ROLES, type OperatorRole, canOperate } from '@apimarket/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../cli/commands';
import { consoleAudit, messages } from '../db/schema';
import { createOperator } from '../modules/console/operators.service';
import type { TestAccount } from './account';
import { fileTestApp, type TestApp, type TestAppOptions } from './harness';
import { type CallOptions, post } from './identity';

let serial = 0;

export interface TestOperator {
  id: number;
  username: string;
  password: string;
  role: OperatorRole;
  secret: string;
  cookies: Record<string, string>;
}

/** A code of the secret for a later 30-second step, so two sign-ins in one test both pass. */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export async function newOperator(t: TestApp, role: OperatorRole): Promise<TestOperator> {
  const username = `op_${role}_${Date.now() % 1e6}_${++serial}`;
  const { id, password } = await createOperator(t.database.db, { username, role });
  const first = await post(t, 'console/login', { username, password });
  const secret: string = first.json().data.secret;
  const res = await post(t, 'console/enroll', { username, password, code: totpCode(secret) });
  const token = res.cookies.find((c) => c.name === CONSOLE_COOKIE.name)?.value;
  if (res.json().code !== 200 || !token) throw new Error(`operator sign-in failed: ${res.body}`);
  return { id, username, password, role, secret, cookies: { [CONSOLE_COOKIE.name]: token } };
}

/** One signed-in operator of each role, for an area's role matrix. */
export async function operatorsOfEveryRole(t: TestApp): Promise<Record<OperatorRole, TestOperator>> {
  const ops = {} as Record<OperatorRole, TestOperator>;
  for (const role of OPERATOR_ROLES) ops[role] = await newOperator(t, role);
  return ops;
}

/** A console call as the operator's browser makes it. */
export function consolePost(
  t: TestApp,
  path: string,
  op: TestOperator | null,
  fields: Record<string, string> = {},
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return post(t, `console/${path}`, fields, { ...o, cookies: { ...(op?.cookies ?? {}), ...(o.cookies ?? {}) } });
}

/**
 * The role matrix of one call: every role without the area gets ALL_0010, anonymous visitors
 * ALL_0024; the roles with it get past the guard (whatever the call then answers).
 */
export async function expectRoleMatrix(
  t: TestApp,
  path: string,
  area: ConsoleArea,
  fields: Record<string, string> = {},
  ops?: Partial<Record<OperatorRole, TestOperator>>,
) {
  const anonymous = await consolePost(t, path, null, fields);
  expect([anonymous.statusCode, anonymous.json().code], `${path} anonymous`).toEqual([401, 'ALL_0024']);
  for (const role of OPERATOR_ROLES) {
    const op = ops?.[role] ?? (await newOperator(t, role));
    const res = await consolePost(t, path, op, fields);
    if (canOperate(role, area)) expect(res.json().code, `${path} as ${role}: ${res.body}`).not.toBe('ALL_0010');
    else expect([res.statusCode, res.json().code], `${path} as ${role}`).toEqual([403, 'ALL_0010']);
  }
}

/** The console's audit rows about one target, oldest first, found by its type (`recharge`, `news`…) or by the action taken (`lead.view`…). */
export function auditOf(t: TestApp, by: { targetType: string } | { action: string }, targetId: number | string) {
  const match = 'action' in by ? eq(consoleAudit.action, by.action) : eq(consoleAudit.targetType, by.targetType);
  return t.database.db
    .select()
    .from(consoleAudit)
    .where(and(match, eq(consoleAudit.targetId, String(targetId))))
    .orderBy(consoleAudit.id);
}

/**
 * A console area's test file: its app (fileTestApp) with one signed-in operator of every role, and
 * what the area's tests do around the console — a member's own calls, an operator command on the
 * command line, a member's messages, the audit trail.
 */
export function consoleTestApp(options?: TestAppOptions | (() => TestAppOptions)) {
  const t = fileTestApp(options);
  const ops = {} as Record<OperatorRole, TestOperator>;
  beforeAll(async () => {
    Object.assign(ops, await operatorsOfEveryRole(t));
  });
  return {
    t,
    ops,
    /** A call of the member's own pages, as that member. */
    as: (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies }),
    /** `npm run console -- …` against this app's database. */
    run: (...argv: string[]) => runCommand({ db: t.database.db }, argv),
    /** The member's messages with this title. */
    inbox: async (a: TestAccount, title: string) =>
      (await t.database.db.select().from(messages).where(eq(messages.memberId, a.memberId))).filter((m) => m.title === title),
    auditOf: (targetType: string, targetId: number | string) => auditOf(t, { targetType }, targetId),
    auditOfAction: (action: string, targetId: number | string) => auditOf(t, { action }, targetId),
    /** The role matrix (expectRoleMatrix) of an area's calls whose fields are known up front, a test a call. */
    describeRoleMatrix: (area: ConsoleArea, calls: Record<string, Record<string, string>>) =>
      describe(`the role matrix of ${area}`, () => {
        it.each(Object.entries(calls))('applies to %s', (path, fields) => expectRoleMatrix(t, path, area, fields, ops));
      }),
  };
}

/** The calls of a review queue (list, detail, decide), asked about an application that does not exist. */
export function queueCalls(area: ConsoleArea, decision: string): Record<string, Record<string, string>> {
  const missing = { id: '999999' };
  return { [`${area}/list`]: {}, [`${area}/detail`]: missing, [`${area}/decide`]: { ...missing, decision } };
}
