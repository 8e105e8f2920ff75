// Background work for purchases, started by main.ts (never by tests, which call renewDue): every
// minute, renew from the balance the purchases with automatic renewal that ran out or expired.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { renewDue } from './renewal.service';

const EVERY_MS = 60_000;

export function startPurchaseJobs(ctx: { db: Db }, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = async () => {
    if (running) return; // a slow run is not overlapped by the next (renewDue is idempotent anyway)
    running = true;
    try {
      const { renewed, failed } = await renewDue(ctx.db);
      if (renewed > 0 || failed > 0) log.info({ renewed, failed }, 'automatic renewals');
    } catch (err) {
      log.error({ err }, 'automatic renewal job failed; next run in a minute');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
