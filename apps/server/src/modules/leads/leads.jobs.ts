// Background work for leads, started by main.ts (never by tests, which call the functions):
// retry unsent sales mails every 5 minutes, and after 09:00 China time send yesterday's digest.
import { chinaDay, chinaHour } from '@apimarket/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { every } from '../../jobs';
import { type LeadMailCtx, retryLeadNotifications, sendDailyDigest } from './leads.service';

const EVERY_MS = 5 * 60_000;

/** yyyy-mm-dd of the day before `now` in China, and whether it is 09:00 there yet. */
export function digestDue(now: Date): { day: string; due: boolean } {
  return { day: chinaDay(new Date(now.getTime() - 86_400_000)), due: chinaHour(now) >= 9 };
}

export function startLeadJobs(ctx: LeadMailCtx, log: FastifyBaseLogger): () => Promise<void> {
  return every(EVERY_MS, async () => {
    try {
      const sent = await retryLeadNotifications(ctx);
      if (sent > 0) log.info({ sent }, 'lead notifications retried');
      const { day, due } = digestDue(new Date());
      if (due && (await sendDailyDigest(ctx, day))) log.info({ day }, 'lead digest sent');
    } catch (err) {
      log.error({ err }, 'lead jobs failed; next run in 5 minutes');
    }
  });
}
