// Background work for paid tests, started by main.ts (never by tests, which call the function):
// every 10 minutes, expire the approved tests whose three months are up (Decision 8).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { every } from '../../jobs';
import { expirePayTests } from './paytest.service';

const EVERY_MS = 10 * 60_000;

export function startPayTestJobs(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return every(EVERY_MS, async () => {
    try {
      const expired = await expirePayTests(db, new Date());
      if (expired > 0) log.info({ expired }, 'paid tests expired');
    } catch (err) {
      log.error({ err }, 'paid-test expiry failed; next run in 10 minutes');
    }
  });
}
