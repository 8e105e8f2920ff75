// Password hashing: argon2id at the OWASP baseline (m=19 MiB, t=2, p=1).
import { hash, verify } from '@node-rs/argon2';

// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
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
