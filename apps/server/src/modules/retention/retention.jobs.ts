// The retention job (Decision 19), started by main.ts with the other jobs (RUN_JOBS; never by
// tests, which call enforceRetention): every hour, and once at start. It logs counts only.
import type { FastifyBaseLogger } from 'fastify';
import { every } from '../../jobs';
import { enforceRetention, type RetentionCtx } from './retention.service';

const EVERY_MS = 60 * 60_000;

/** Starts the job; the function it answers stops it and resolves once the statement in hand is done. */
export function startRetentionJobs(ctx: Omit<RetentionCtx, 'stopping'>, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  // A pass longer than the hour (a first run on a large table) is not started twice (every()).
  const stop = every(EVERY_MS, async () => {
    try {
      const counts = await enforceRetention({ ...ctx, stopping: () => stopped });
      if (counts.leadAttachmentsFailed > 0) log.warn(counts, 'retention applied in part: the file store failed; next run in an hour');
      else if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'retention applied');
    } catch (err) {
      log.error({ err }, 'retention job failed; next run in an hour');
    }
  });
  return async () => {
    // The pass in hand stops after its current statement, then the timer's stop awaits it.
    stopped = true;
    await stop();
  };
}
