// Background work for purchases, started by main.ts (never by tests, which call renewDue): every
// minute, renew from the balance the purchases with automatic renewal that ran out or expired.
// The same minute also sweeps spent throttle counters and signed-mode nonces (bounded per run).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { every } from '../../jobs';
import { sweepSpentNonces } from '../gateway/signed';
import { sweepThrottles } from '../throttle/throttle.service';
import { renewDue } from './renewal.service';

/** The longest window any throttle key uses is 7 days (the lead digest's "sent once" marker). */
const THROTTLE_KEEP_MS = 8 * 24 * 3600_000;
const SWEEP_LIMIT = 10_000;

const EVERY_MS = 60_000;

export function startPurchaseJobs(ctx: { db: Db }, log: FastifyBaseLogger): () => Promise<void> {
  return every(EVERY_MS, async () => {
    try {
      const { renewed, failed } = await renewDue(ctx.db);
      if (renewed > 0 || failed > 0) log.info({ renewed, failed }, 'automatic renewals');
    } catch (err) {
      log.error({ err }, 'automatic renewal job failed; next run in a minute');
    }
    try {
      const nonces = await sweepSpentNonces(ctx.db);
      const counters = await sweepThrottles(ctx.db, { prefix: '', keepMs: THROTTLE_KEEP_MS, limit: SWEEP_LIMIT });
      if (nonces + counters > 0) log.debug({ nonces, counters }, 'spent throttle rows swept');
    } catch (err) {
      log.error({ err }, 'throttle sweep failed; next run in a minute');
    }
  });
}
