// SMS and e-mail leave the platform through here. Each message is written to the outbox table
// first; the configured carrier then delivers it (the embedded default's carrier is the outbox
// itself, read at /dev/outbox). A refusal a later attempt can get past (flow control, a timeout)
// leaves the row queued for retryDue(); any other refusal marks it failed with the carrier's
// code and message. Nothing is lost: every row ends sent or failed, with the reason.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { CarrierError } from './carrier-error';
import { SMS_TEMPLATE_PARAMS, type SmsTemplate } from './templates';

export { CarrierError } from './carrier-error';
export type { SmsKind, SmsTemplate } from './templates';

export interface Message {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  /** The text as the outbox records it (a real SMS carrier sends the template instead). */
  body: string;
  /** E-mail attachments, a file on local disk or the bytes (the outbox records their names). */
  attachments?: Array<{ filename: string; path: string } | { filename: string; content: Buffer; contentType?: string }>;
  /** SMS: the carrier's registered template for this kind of message and its variables. */
  template?: SmsTemplate;
  /**
   * After this a refused message is not tried again: a verification code's expiry, or now when
   * the caller answers the user from the first attempt (who then asks again).
   */
  retryUntil?: Date;
}

export interface Carrier {
  name: string;
  /** Throws CarrierError for a refusal; answers the carrier's own id for the message if any. */
  deliver(message: Message): Promise<{ carrierId?: string | undefined } | undefined>;
}

/** sent: the carrier took it. queued: refused for now, retried. failed: refused for good. */
export type SendStatus = 'sent' | 'queued' | 'failed';

export interface Notifier {
  /** E-mail is never queued: an SMTP failure is final (leads keep their own retry). */
  send(message: Message & { channel: 'email' }): Promise<{ id: number; status: 'sent' | 'failed' }>;
  send(message: Message): Promise<{ id: number; status: SendStatus }>;
  /** Resolves when every send begun so far has finished (the dev outbox reads after it). */
  settled?(): Promise<void>;
}

/** The notifier with its retry pass, for the job (jobs.ts) and the tests. */
export interface OutboxNotifier extends Notifier {
  /** One pass over the queued messages whose next attempt is due. */
  retryDue(now?: Date): Promise<{ sent: number; failed: number }>;
}

/**
 * When the retries of a transient refusal are due, counted from the message's creation: the
 * n-th retry after RETRY_AFTER_MS[n-1]. A carrier's per-phone flow control is per minute or per
 * hour, so the attempts spread over half an hour; then the message fails.
 */
export const RETRY_AFTER_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;

const outboxCarrier: Carrier = { name: 'outbox', deliver: async () => undefined };

/**
 * A carrier whose SDK is loaded at its first message: a process that sends nothing (the sandbox,
 * every test, a gateway-role process) never pays the SDKs' import time.
 */
function lazyCarrier(name: string, load: () => Promise<Carrier>): Carrier {
  let carrier: Promise<Carrier> | null = null;
  return {
    name,
    async deliver(message) {
      carrier ??= load();
      return (await carrier).deliver(message);
    },
  };
}

function smsCarrier(config: Config): Carrier {
  if (config.sms.provider === 'aliyun') return lazyCarrier('aliyun', async () => (await import('./aliyun')).aliyunCarrier(config.sms));
  if (config.sms.provider === 'tencent') return lazyCarrier('tencent', async () => (await import('./tencent')).tencentCarrier(config.sms));
  return outboxCarrier;
}

/**
 * An SMS for a real carrier keeps its template and retry limit in the row's subject (an SMS
 * has no subject), so a retry from another process or after a restart sends the same thing.
 */
interface Stored {
  template?: SmsTemplate;
  retryUntil?: string;
}

function parseStored(subject: string): Stored {
  try {
    const s = JSON.parse(subject) as Stored;
    if (s.template && !(s.template.kind in SMS_TEMPLATE_PARAMS)) delete s.template;
    return s;
  } catch {
    return {};
  }
}

type OutboxRow = typeof outbox.$inferSelect;

export function createNotifier(config: Config, db: Db): OutboxNotifier {
  const { smtpUrl } = config.mail;
  const carriers: Record<Message['channel'], Carrier> = {
    sms: smsCarrier(config),
    email: smtpUrl ? lazyCarrier('smtp', async () => (await import('./smtp')).smtpCarrier(smtpUrl, config.mail.from)) : outboxCarrier,
  };
  const storesTemplate = carriers.sms !== outboxCarrier;

  /**
   * One attempt at a row this caller has claimed (attempts already counts it). The outcome is
   * written only while the row is still queued at that attempt, so two writers never cross.
   */
  async function attempt(row: Pick<OutboxRow, 'id' | 'createdAt' | 'attempts'>, message: Message): Promise<SendStatus> {
    const carrier = carriers[message.channel];
    const mine = and(eq(outbox.id, row.id), eq(outbox.status, 'queued'), eq(outbox.attempts, row.attempts));
    try {
      const receipt = await carrier.deliver(message);
      const carrierId = receipt?.carrierId;
      // No column for the carrier's id: a sent row keeps it where a failed one keeps its reason.
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), provider: carrier.name, lastError: carrierId ? `回执编号 ${carrierId}` : null })
        .where(mine);
      return 'sent';
    } catch (err) {
      const refusal = err instanceof CarrierError ? err : null;
      let reason = refusal ? refusal.reason : String(err).slice(0, 500);
      let retry = false;
      if (refusal?.transient) {
        const nextAt = row.createdAt.getTime() + (RETRY_AFTER_MS[row.attempts - 1] ?? Number.POSITIVE_INFINITY);
        if (row.attempts >= MAX_ATTEMPTS) reason = `尝试 ${row.attempts} 次后仍未送达（${reason}）`;
        else if (message.retryUntil && nextAt >= message.retryUntil.getTime()) reason = `未送达，不再重试（${reason}）`;
        else retry = true;
      }
      await db
        .update(outbox)
        .set({ status: retry ? 'queued' : 'failed', provider: carrier.name, lastError: reason.slice(0, 500) })
        .where(mine);
      return retry ? 'queued' : 'failed';
    }
  }

  async function send(message: Message): Promise<{ id: number; status: SendStatus }> {
    const body = message.channel === 'sms' ? `【${config.sms.signature}】${message.body}` : message.body;
    const stored: Stored = { template: message.template, retryUntil: message.retryUntil?.toISOString() };
    const [row] = await db
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.channel === 'sms' && storesTemplate ? JSON.stringify(stored) : (message.subject ?? ''),
        // The outbox keeps the text and which files went with it, not the files.
        body: message.attachments?.length ? `${body}\n\n附件：${message.attachments.map((a) => a.filename).join('、')}` : body,
        provider: carriers[message.channel].name,
        // Counted before the carrier is called: a crash mid-send still counts as a try.
        attempts: 1,
      })
      .returning({ id: outbox.id, createdAt: outbox.createdAt, attempts: outbox.attempts });
    if (!row) throw new Error('outbox insert returned no row');
    return { id: row.id, status: await attempt(row, { ...message, body }) };
  }

  // Sends in flight: a caller that does not wait for the carrier (a reset code, whose answer must
  // not take longer for a registered phone) still leaves its row for the dev outbox to read.
  const inFlight = new Set<Promise<unknown>>();
  const tracked = (message: Message) => {
    const p = send(message);
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };

  return {
    send: tracked as Notifier['send'],
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
    async retryDue(now = new Date()) {
      // SMS only: an e-mail is never queued (and leads re-send their own mails as new rows).
      const rows = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'queued'), eq(outbox.channel, 'sms')))
        .orderBy(outbox.id)
        .limit(200);
      const result = { sent: 0, failed: 0 };
      for (const row of rows) {
        const dueAt = row.createdAt.getTime() + (RETRY_AFTER_MS[row.attempts - 1] ?? 0);
        if (dueAt > now.getTime()) continue;
        // Claim this attempt: of two processes, only the one whose update matched goes on.
        const [claimed] = await db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1` })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'queued'), eq(outbox.attempts, row.attempts)))
          .returning({ id: outbox.id, createdAt: outbox.createdAt, attempts: outbox.attempts });
        if (!claimed) continue;
        const stored = parseStored(row.subject);
        const message: Message = {
          channel: 'sms',
          to: row.recipient,
          body: row.body,
          ...(stored.template ? { template: stored.template } : {}),
          ...(stored.retryUntil ? { retryUntil: new Date(stored.retryUntil) } : {}),
        };
        const status = await attempt(claimed, message);
        if (status === 'sent') result.sent++;
        if (status === 'failed') result.failed++;
      }
      return result;
    },
  };
}
