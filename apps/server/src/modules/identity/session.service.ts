// Sessions: a 256-bit random token goes to the browser, only its SHA-256 is stored. The
// identity flows (login, logout, password reset) create and revoke; every request resolves.
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_S } from '@apimarket/contracts';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { members, sessions } from '../../db/schema';

const parent = alias(members, 'parent');

/** A session not marked "remember" ends with the browser, and on the server after a day. */
const SHORT_SESSION_MS = 24 * 3600_000;
/** Refresh last_seen_at at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionMember {
  sessionId: string;
  memberId: number;
  loginName: string;
  parentId: number | null;
  /** Set when the main account opened this session by switching into its sub-account (Decision 178). */
  switchedFrom?: number | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: { memberId: number; remember: boolean; ip: string; userAgent: string; switchedFrom?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const ttl = input.remember ? AUTH_COOKIE_MAX_AGE_S * 1000 : SHORT_SESSION_MS;
  const expiresAt = new Date(Date.now() + ttl);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId: input.memberId,
    remember: input.remember,
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 512),
    expiresAt,
    switchedFrom: input.switchedFrom ?? null,
  });
  return { token, expiresAt };
}

export async function resolveSession(db: Db, token: string): Promise<SessionMember | null> {
  if (!token || token.length > 128) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      memberId: members.id,
      loginName: members.loginName,
      parentId: members.parentId,
      switchedFrom: sessions.switchedFrom,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(parent, eq(parent.id, members.parentId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(members.status, 'active'),
        // A sub-account's session ends with its main account's status.
        or(isNull(members.parentId), eq(parent.status, 'active')),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, memberId: row.memberId, loginName: row.loginName, parentId: row.parentId, switchedFrom: row.switchedFrom };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** After a password reset every session of the account ends. */
export async function revokeAllSessions(db: Db, memberId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}
