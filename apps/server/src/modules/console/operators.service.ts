// Operator accounts and their sign-in (issue #10): username + password + TOTP. An operator
// without an authenticator is offered a secret after the password and must prove it with a
// first code before any session exists, so no console session is ever password-only.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  areasOf,
  CONSOLE_LIMITS,
  CONSOLE_MSG,
  type ConsoleEnrollment,
  type ConsoleOperator,
  isOperatorRole,
  type OperatorCreateInput,
  type OperatorIdInput,
  type OperatorIssued,
  type OperatorRole,
  type OperatorRow,
  type OperatorStatusInput,
} from '@apimarket/contracts';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { operatorSessions, operators } from '../../db/schema';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../../http/errors';
import { seal, unseal } from '../account/keys.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../identity/password';
import { hit, reset } from '../throttle/throttle.service';
import { recordAudit } from './audit.service';

const ISSUER = '数据API市场运营后台';
const STEP_S = 30;
/** Sign-in attempts at one account from one address in the window before a pause (see ATTEMPT_LIMITS). */
const PER_PLACE_ATTEMPTS = 5;
/** Sign-in attempts from one address, at any accounts, in the window before a pause. */
const PER_ADDRESS_ATTEMPTS = 30;
const FAILURE_WINDOW_MS = 15 * 60_000;
const TOUCH_EVERY_MS = 60_000;

export interface Operator extends ConsoleOperator {
  sessionId: string;
}

/** Who did something, for the audit trail: an operator, or `npm run console` ('cli'). */
export interface Actor {
  operatorId: number | null;
  username: string;
  ip: string;
}

export const CLI_ACTOR: Actor = { operatorId: null, username: 'cli', ip: '' };

const sealContext = (id: number) => Buffer.from(`operator-totp:${id}`);

function totpFor(username: string, secret: OTPAuth.Secret): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: STEP_S, secret });
}

/** A generated password that passes OperatorPassword: 16 characters, letters and digits. */
export function generatePassword(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = Array.from({ length: 14 }, () => all[randomInt(all.length)]);
  chars.push(letters[randomInt(letters.length)], digits[randomInt(digits.length)]);
  // Shuffle so the guaranteed letter and digit are not always last.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

export async function createOperator(db: Db, input: { username: string; role: OperatorRole }): Promise<{ id: number; password: string }> {
  const password = generatePassword();
  const [row] = await db
    .insert(operators)
    .values({ username: input.username, role: input.role, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: operators.id });
  if (!row) throw new Conflict(CONSOLE_MSG.operatorExists);
  return { id: row.id, password };
}

/** A new password and no authenticator: the way back for an operator who lost either. */
export async function resetOperator(db: Db, username: string): Promise<{ id: number; password: string }> {
  const password = generatePassword();
  const [row] = await db
    .update(operators)
    .set({ passwordHash: await hashPassword(password), totpEnc: null, totpPendingEnc: null, totpLastStep: null })
    .where(eq(operators.username, username))
    .returning({ id: operators.id });
  if (!row) throw new NotFound(CONSOLE_MSG.operatorMissing);
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.operatorId, row.id), isNull(operatorSessions.revokedAt)));
  return { id: row.id, password };
}

export async function setOperatorStatus(db: Db, id: number, status: 'active' | 'disabled'): Promise<{ before: string; after: string; changed: boolean }> {
  const [current] = await db.select({ status: operators.status, username: operators.username }).from(operators).where(eq(operators.id, id)).for('update');
  if (!current) throw new NotFound(CONSOLE_MSG.operatorMissing);
  if (current.status === status) return { before: current.status, after: status, changed: false };
  await db.update(operators).set({ status }).where(eq(operators.id, id));
  if (status === 'disabled') {
    await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
  }
  return { before: current.status, after: status, changed: true };
}

export async function listOperators(db: Db): Promise<Array<Omit<OperatorRow, 'lastLoginAt' | 'createdAt'> & { lastLoginAt: Date | null; createdAt: Date }>> {
  const rows = await db
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      status: operators.status,
      enrolled: sql<boolean>`${operators.totpEnc} is not null`,
      lastLoginAt: operators.lastLoginAt,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .orderBy(asc(operators.id));
  // Stored as text: an unknown role reads as the least one, as a session does (openSession).
  return rows.map((r) => ({ ...r, role: isOperatorRole(r.role) ? r.role : 'editor', status: r.status === 'active' ? 'active' : 'disabled' }));
}

// ── Operator accounts from the console (admin): each change with its audit record ─────────────

export async function addOperator(db: Db, actor: Actor, input: OperatorCreateInput): Promise<OperatorIssued> {
  return db.transaction(async (tx) => {
    const { id, password } = await createOperator(tx, input);
    await recordAudit(tx, actor, { action: 'operator.create', targetType: 'operator', targetId: id, after: input });
    return { id, username: input.username, password };
  });
}

/** Enables or disables another operator; the same status again changes nothing. */
export async function changeOperatorStatus(db: Db, actor: Actor, input: OperatorStatusInput): Promise<{ changed: boolean }> {
  if (input.id === actor.operatorId && input.status === 'disabled') throw new Forbidden(CONSOLE_MSG.selfDisable);
  return db.transaction(async (tx) => {
    const change = await setOperatorStatus(tx, input.id, input.status);
    if (!change.changed) return { changed: false };
    await recordAudit(tx, actor, {
      action: `operator.${input.status === 'active' ? 'enable' : 'disable'}`,
      targetType: 'operator',
      targetId: input.id,
      before: { status: change.before },
      after: { status: change.after },
    });
    return { changed: true };
  });
}

/** A new password and no authenticator for another operator, as `npm run console reset-operator`. */
export async function resetOperatorAccount(db: Db, actor: Actor, input: OperatorIdInput): Promise<OperatorIssued> {
  const id = input.id;
  if (!id) throw new NotFound(CONSOLE_MSG.operatorMissing);
  const [row] = await db
    .select({ username: operators.username, enrolled: sql<boolean>`${operators.totpEnc} is not null` })
    .from(operators)
    .where(eq(operators.id, id));
  if (!row) throw new NotFound(CONSOLE_MSG.operatorMissing);
  return db.transaction(async (tx) => {
    const { password } = await resetOperator(tx, row.username);
    await recordAudit(tx, actor, {
      action: 'operator.reset',
      targetType: 'operator',
      targetId: id,
      before: { enrolled: row.enrolled },
      after: { enrolled: false },
    });
    return { id, username: row.username, password };
  });
}

/**
 * The embedded default's first admin: created when there is no operator at all, once. Answers
 * the password for the terminal (never the log), or null when operators already exist.
 */
export async function seedFirstAdmin(db: Db): Promise<string | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(operators);
  if ((row?.n ?? 0) > 0) return null;
  try {
    return (await createOperator(db, { username: 'admin', role: 'admin' })).password;
  } catch (err) {
    // Another process created it between the count and the insert: it printed the password.
    if (err instanceof Conflict) return null;
    throw err;
  }
}

// ── Sign-in ─────────────────────────────────────────────────────────────────────────────────

export type LoginResult = { stage: 'done'; token: string; operator: ConsoleOperator } | ConsoleEnrollment;

interface Attempt {
  username: string;
  password: string;
  code?: string;
  ip: string;
  userAgent: string;
}

/**
 * Sign-in attempts are counted before anything is checked, so a burst of parallel guesses gets
 * no more tries than a sequence: one place guessing one account, and one place guessing many.
 * Only places pause, never an account: a pause of the account from anywhere would be a switch any
 * stranger could pull to keep an operator out. Guessing from many places gains nothing either —
 * passwords are generated (16 letters and digits, about 90 bits) and a session also needs the
 * authenticator's current code, each code good once.
 */
const ATTEMPT_LIMITS: ReadonlyArray<{ key: (user: string, ip: string) => string; max: number }> = [
  { key: (user, ip) => `console-login:user-ip:${user}|${ip}`, max: PER_PLACE_ATTEMPTS },
  { key: (_user, ip) => `console-login:ip:${ip}`, max: PER_ADDRESS_ATTEMPTS },
];

async function countAttempt(db: Db, a: Attempt): Promise<string[]> {
  const user = a.username.toLowerCase();
  const keys: string[] = [];
  let over = false;
  for (const limit of ATTEMPT_LIMITS) {
    const key = limit.key(user, a.ip);
    keys.push(key);
    if ((await hit(db, key, FAILURE_WINDOW_MS)) > limit.max) over = true;
  }
  if (over) throw new AppError('ALL_0012', '登录失败次数过多，请15分钟后再试');
  return keys;
}

/** A success clears this place's count for the account (the address's own count stays). */
async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  for (const key of keys.slice(0, 1)) await reset(db, key);
}

/** Checks username and password; a wrong one of either answers the same (Decision 16). */
async function checkPassword(db: Db, a: Attempt) {
  const [row] = await db.select().from(operators).where(eq(operators.username, a.username));
  if (!row) {
    await burnPasswordCheck(a.password);
    throw new AppError('ALL_0020');
  }
  if (!(await verifyPassword(row.passwordHash, a.password))) throw new AppError('ALL_0020');
  if (row.status !== 'active') throw new AppError('ALL_0021', '运营账号已停用');
  return row;
}

/** Accepts a code once: the step it matched must be later than the last accepted one. */
async function acceptCode(
  db: Db,
  operatorId: number,
  secret: OTPAuth.Secret,
  username: string,
  code: string,
  enrol?: { sealed: string; offered: string },
): Promise<boolean> {
  const delta = totpFor(username, secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / STEP_S) + delta;
  const set = enrol === undefined ? { totpLastStep: step } : { totpLastStep: step, totpEnc: enrol.sealed, totpPendingEnc: null };
  // Enrolment binds only the secret that was offered, and only while none is bound: a reset or
  // a second offer in the meantime wins.
  const stillOffered = enrol === undefined ? undefined : and(isNull(operators.totpEnc), eq(operators.totpPendingEnc, enrol.offered));
  const [row] = await db
    .update(operators)
    .set(set)
    .where(and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)), stillOffered))
    .returning({ id: operators.id });
  return row !== undefined;
}

export async function login(db: Db, config: Config, a: Attempt): Promise<LoginResult> {
  const keys = await countAttempt(db, a);
  const row = await checkPassword(db, a);

  if (!row.totpEnc) {
    // First sign-in (or after a reset): offer a secret; the session waits for enrol().
    const secret = new OTPAuth.Secret({ size: 20 });
    await db
      .update(operators)
      .set({ totpPendingEnc: seal(config, secret.base32, sealContext(row.id)) })
      .where(eq(operators.id, row.id));
    const uri = totpFor(row.username, secret).toString();
    const qr = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(uri, { type: 'svg', margin: 1 })).toString('base64')}`;
    return { stage: 'enroll', secret: secret.base32, uri, qr };
  }
  if (!a.code) throw new Invalid(CONSOLE_MSG.codeRequired);
  const secret = OTPAuth.Secret.fromBase32(unseal(config, row.totpEnc, sealContext(row.id)));
  if (!(await acceptCode(db, row.id, secret, row.username, a.code))) throw new Invalid(CONSOLE_MSG.codeWrong);
  await clearAttempts(db, keys);
  return { stage: 'done', ...(await openSession(db, row, a)) };
}

/** The first code from the authenticator just added: binds it and signs in. */
export async function enroll(db: Db, config: Config, a: Attempt & { code: string }): Promise<{ token: string; operator: ConsoleOperator }> {
  const keys = await countAttempt(db, a);
  const row = await checkPassword(db, a);
  if (row.totpEnc || !row.totpPendingEnc) throw new Conflict('身份验证器已绑定，请直接登录');
  const secret = OTPAuth.Secret.fromBase32(unseal(config, row.totpPendingEnc, sealContext(row.id)));
  if (
    !(await acceptCode(db, row.id, secret, row.username, a.code, { sealed: seal(config, secret.base32, sealContext(row.id)), offered: row.totpPendingEnc }))
  ) {
    throw new Invalid(CONSOLE_MSG.codeWrong);
  }
  await clearAttempts(db, keys);
  return openSession(db, row, a);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function openSession(db: Db, row: { id: number; username: string; role: string }, a: Attempt) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId: row.id,
    ip: a.ip,
    userAgent: a.userAgent.slice(0, 512),
    expiresAt: new Date(Date.now() + CONSOLE_LIMITS.sessionHours * 3600_000),
  });
  await db.update(operators).set({ lastLoginAt: new Date() }).where(eq(operators.id, row.id));
  const role = isOperatorRole(row.role) ? row.role : 'editor';
  return { token, operator: { id: row.id, username: row.username, role, areas: areasOf(role) } };
}

/** The operator of a console session token, or null (expired, idle, revoked, disabled). */
export async function resolveOperator(db: Db, token: string): Promise<Operator | null> {
  if (!token || token.length > 128) return null;
  const idleSince = new Date(Date.now() - CONSOLE_LIMITS.idleMinutes * 60_000);
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      lastSeenAt: operatorSessions.lastSeenAt,
      id: operators.id,
      username: operators.username,
      role: operators.role,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql`now()`),
        gt(operatorSessions.lastSeenAt, idleSince),
        eq(operators.status, 'active'),
      ),
    );
  if (!row || !isOperatorRole(row.role)) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(operatorSessions).set({ lastSeenAt: new Date() }).where(eq(operatorSessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, id: row.id, username: row.username, role: row.role, areas: areasOf(row.role) };
}

export async function logout(db: Db, token: string): Promise<void> {
  if (!token) return;
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isNull(operatorSessions.revokedAt)));
}
