// Password hashing: argon2id at the OWASP baseline (m=19 MiB, t=2, p=1), with at most a few
// hashes at a time per process so a burst of sign-ins cannot take every core from other calls.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes running at once in this process, automatically: half the cores, at least 1, at most 4
 * (2 cores → 1). One hash takes about 11 ms of one core, so one slot still checks ~90 passwords a
 * second, while the open data API keeps the other cores. Callers beyond the cap wait their turn.
 */
export const PASSWORD_CONCURRENCY = Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));

let cap = PASSWORD_CONCURRENCY;

/** The ARGON2_CONCURRENCY setting (buildApp passes it): 0 = the automatic cap above. */
export function setPasswordConcurrency(concurrency: number): void {
  cap = concurrency > 0 ? concurrency : PASSWORD_CONCURRENCY;
}

let active = 0;
const waiting: Array<() => void> = [];

/** What this process hashed: runs started and the most at once (tests read and reset it). */
export const passwordWork = { runs: 0, peak: 0 };

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (active >= cap) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  passwordWork.runs++;
  passwordWork.peak = Math.max(passwordWork.peak, active);
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter (active stays counted), or is freed.
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(stored, password));
  } catch {
    return false;
  }
}

// Verified against when the account does not exist, so a missing account costs the same time
// as a wrong password and timing does not tell them apart.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('no-such-account-placeholder');
  await verifyPassword(await dummy, password);
}
