// Asking a signed-in customer for the login password again before a change that matters
// (password, phone, API secrets and modes): one throttle per member across all of them.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { Invalid, NotFound, Throttled } from '../../http/errors';
import { verifyPassword } from '../identity/password';
import { hit, reset } from '../throttle/throttle.service';

/** Wrong current-password tries per member before these forms are locked for a while. */
export const PASSWORD_TRIES = { count: 5, windowMs: 15 * 60_000 } as const;
export const PASSWORD_LOCKED_MSG = '密码错误次数过多，请15分钟后再试';

/**
 * Checks the member's login password; a wrong one answers `wrongMsg` and counts toward the lock.
 * The try is counted before argon2 runs (and forgiven when the password is right), so parallel
 * guesses cannot all slip in under the limit, and a locked form costs the server no hashing.
 */
export async function confirmPassword(db: Db, memberId: number, password: string, wrongMsg: string): Promise<void> {
  const key = `pwd:check:${memberId}`;
  if ((await hit(db, key, PASSWORD_TRIES.windowMs)) > PASSWORD_TRIES.count) throw new Throttled(PASSWORD_LOCKED_MSG);
  const [row] = await db.select({ passwordHash: members.passwordHash }).from(members).where(eq(members.id, memberId));
  if (!row) throw new NotFound();
  if (!(await verifyPassword(row.passwordHash, password))) throw new Invalid(wrongMsg);
  await reset(db, key);
}
