// Operators in tests: created through the service, signed in through the real calls — password,
// then the authenticator enrolment with a code computed from the secret the server offered.
import { type ConsoleArea, CONSOLE_COOKIE, OPERATOR_ROLES, type OperatorRole, canOperate } from '@apimarket/contracts';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { createOperator } from '../modules/console/operators.service';
import type { TestApp } from './harness';
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
