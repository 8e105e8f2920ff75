// SMS and e-mail leave the platform through here. Each message is written to the outbox table
// first; the configured carrier then delivers it (the embedded default's carrier is the outbox
// itself, read at /dev/outbox). A failed delivery stays in the outbox as `failed`, never lost.
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { smtpCarrier } from './smtp';

export interface Message {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  /** E-mail attachments, files on local disk (the outbox records their names). */
  attachments?: Array<{ filename: string; path: string }>;
}

export interface Carrier {
  name: string;
  deliver(message: Message): Promise<void>;
}

export interface Notifier {
  send(message: Message): Promise<{ id: number; status: 'sent' | 'failed' }>;
}

const outboxCarrier: Carrier = { name: 'outbox', deliver: async () => {} };

export function createNotifier(config: Config, db: Db): Notifier {
  const carriers: Record<Message['channel'], Carrier> = {
    sms: outboxCarrier,
    email: config.mail.smtpUrl ? smtpCarrier(config.mail.smtpUrl, config.mail.from) : outboxCarrier,
  };
  return {
    async send(message) {
      const carrier = carriers[message.channel];
      const body = message.channel === 'sms' ? `【${config.sms.signature}】${message.body}` : message.body;
      const [row] = await db
        .insert(outbox)
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject ?? '',
          // The outbox keeps the text and which files went with it, not the files.
          body: message.attachments?.length ? `${body}\n\n附件：${message.attachments.map((a) => a.filename).join('、')}` : body,
          provider: carrier.name,
        })
        .returning({ id: outbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      try {
        await carrier.deliver({ ...message, body });
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, row.id));
        return { id: row.id, status: 'sent' };
      } catch (err) {
        await db
          .update(outbox)
          .set({ status: 'failed', lastError: String(err).slice(0, 500), attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, row.id));
        return { id: row.id, status: 'failed' };
      }
    },
  };
}
