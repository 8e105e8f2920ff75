// Development tools (DEV_TOOLS=1 only): read what the outbox "sent" so a person or a test can
// finish a sign-up without a real phone.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

const CODE_IN_TEXT = /(?<!\d)(\d{4,8})(?!\d)/;

export async function listOutbox(db: Db, to: string) {
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      body: outbox.body,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(to ? eq(outbox.recipient, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(50);
  return rows.map((r) => ({ ...r, code: CODE_IN_TEXT.exec(r.body)?.[1] ?? null }));
}
