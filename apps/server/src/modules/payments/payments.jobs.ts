// Background work for online payments, started by main.ts where RUN_JOBS is on (tests call the
// pass itself): every minute, ask the providers about payments whose notification has not come —
// book the paid ones, close the expired ones.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config';
import type { Db } from '../../db/client';
import { every } from '../../jobs';
import { reconcileOpen } from './payments.service';
import { paymentProviders } from './providers';

const EVERY_MS = 60_000;

export function startPaymentJobs(db: Db, config: PaymentsConfig, log: FastifyBaseLogger): () => Promise<void> {
  const providers = paymentProviders(config);
  return every(EVERY_MS, async () => {
    try {
      const { paid, closed } = await reconcileOpen(db, providers, new Date(), log);
      if (paid + closed > 0) log.info({ paid, closed }, 'online payments settled by query');
    } catch (err) {
      log.error({ err }, 'online payment query failed; next run in a minute');
    }
  });
}
