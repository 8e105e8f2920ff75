import type { Db } from '../../db/client';
import type { Notifier } from '../../notify';

/** What identity services need of the request: the database, the notifier, who is asking. */
export interface IdentityCtx {
  db: Db;
  notifier: Notifier;
  ip: string;
  userAgent: string;
}

/** Mask a mainland mobile for display: 138****8000. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}
