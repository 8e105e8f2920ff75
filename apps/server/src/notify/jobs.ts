// Background work for the outbox, started by main.ts when RUN_JOBS is on (never by tests, which
// call retryDue): every 15 seconds, retry the messages a carrier refused for now.
import type { FastifyBaseLogger } from 'fastify';
import { every } from '../jobs';
import type { OutboxNotifier } from './index';

/** Often enough for the first retry, 30 s after the refusal, to leave on time. */
const EVERY_MS = 15_000;

export function startNotifyJobs(notifier: Pick<OutboxNotifier, 'retryDue'>, log: FastifyBaseLogger): () => Promise<void> {
  // A slow carrier does not stack passes: every() runs one at a time.
  return every(EVERY_MS, async () => {
    try {
      const { sent, failed } = await notifier.retryDue();
      // Counts only: recipients and texts (codes) stay in the outbox, out of the log.
      if (sent > 0) log.info({ sent }, 'outbox messages sent on retry');
      if (failed > 0) log.warn({ failed }, 'outbox messages failed for good; see outbox.last_error');
    } catch (err) {
      log.error({ err }, 'outbox retry failed; next run in 15 seconds');
    }
  });
}
