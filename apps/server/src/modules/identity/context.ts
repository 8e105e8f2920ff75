import type { Db } from '../../db/client';
import type { Notifier } from '../../notify';

/** What identity services need of the request: the database, the notifier, who is asking. */
export interface IdentityCtx {
  db: Db;
  notifier: Notifier;
  ip: string;
  userAgent: string;
  /** Decision 1: free test calls a new account is granted (config FREE_TEST_CALLS). */
  freeTestCalls: number;
}

/** Mask a mainland mobile for display: 138****8000. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}
