// The fence monitor (Decision 199), started by main.ts with the other jobs (RUN_JOBS; tests call
// monitorAlertFences itself). A fence with 进出提醒 on is its owner's standing request to be told
// of entries and exits without opening the screen: every hour each bound running vehicle's last
// 70 minutes are asked (one charged trajectory call each). The windows overlap by ten minutes so a
// crossing between two runs is seen; an event found twice is stored and told once.
import { TRANSPORT_LIMITS } from '@apimarket/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { every } from '../../jobs';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import { monitorAlertFences } from './tracks.service';

const EVERY_MS = TRANSPORT_LIMITS.fenceMonitorMinutes * 60_000;
const WINDOW_MINUTES = TRANSPORT_LIMITS.fenceMonitorMinutes + 10;

/** Starts the monitor; the function it answers stops it once the pass in hand is done. */
export function startFenceMonitor(ctx: { db: Db; gateway: GatewayDeps; notifier: Notifier }, log: FastifyBaseLogger): () => Promise<void> {
  return every(EVERY_MS, async () => {
    try {
      const counts = await monitorAlertFences(ctx, WINDOW_MINUTES);
      if (counts.tracks > 0) log.info(counts, 'fence monitor ran');
    } catch (err) {
      log.error({ err }, 'fence monitor failed; next run in an hour');
    }
  });
}
