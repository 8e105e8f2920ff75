// The messages center (站内信): every state change a customer should know about lands here —
// enterprise authentication decisions, security events, orders and alerts of later modules.
// Reads are always scoped by the member id taken from the session, never from the request.
import { type MessageDetail, type MessageKind, type MessagePageInput, type MessageRow, MESSAGE_KIND_LABEL, pageOffset } from '@apimarket/contracts';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { NotFound } from '../../http/errors';
import type { Account } from './access';

export interface NewMessage {
  kind: MessageKind;
  title: string;
  body: string;
  link?: string;
}

/** Store a message for a member; `db` may be a transaction so it commits with its cause. */
export async function sendMessage(db: Pick<Db, 'insert'>, memberId: number, message: NewMessage): Promise<void> {
  await db.insert(messages).values({ memberId, kind: message.kind, title: message.title, body: message.body, link: message.link ?? '' });
}

export async function unreadCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.memberId, memberId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

type Stored = typeof messages.$inferSelect;

/** Characters of a message's first line shown in the list. */
const SUMMARY_CHARS = 80;

/** The first line, at most SUMMARY_CHARS characters (not UTF-16 units: no half emoji); a cut one ends in 「…」. */
export function summaryOf(body: string): string {
  const first = body.split('\n')[0] ?? '';
  const chars = Array.from(first);
  if (chars.length > SUMMARY_CHARS) return `${chars.slice(0, SUMMARY_CHARS - 1).join('')}…`;
  // More lines follow: the list shows only the first.
  return first.length < body.trimEnd().length ? `${first}…` : first;
}

function toRow(m: Stored): MessageRow {
  const kind = m.kind as MessageKind;
  return {
    id: m.id,
    kind,
    kindLabel: MESSAGE_KIND_LABEL[kind] ?? '通知',
    title: m.title,
    summary: summaryOf(m.body),
    read: m.readAt !== null,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function listMessages(
  db: Db,
  { memberId }: Pick<Account, 'memberId'>,
  query: MessagePageInput,
): Promise<{ rows: MessageRow[]; total: number; unread: number }> {
  const where = and(eq(messages.memberId, memberId), query.unread ? isNull(messages.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(query.pageSize).offset(pageOffset(query)),
    db.select({ n: count() }).from(messages).where(where),
    unreadCount(db, memberId),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0, unread };
}

/** One message of the member's own; reading it marks it read. */
export async function readMessage(db: Db, { memberId }: Pick<Account, 'memberId'>, id: number): Promise<MessageDetail> {
  const [m] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.memberId, memberId)));
  if (!m) throw new NotFound('消息不存在');
  if (!m.readAt) {
    m.readAt = new Date();
    await db.update(messages).set({ readAt: m.readAt }).where(eq(messages.id, id));
  }
  return { ...toRow(m), body: m.body, link: m.link };
}

/** Mark the given messages (or all) read; ids of other members are ignored. Answers how many changed. */
export async function markRead(db: Db, { memberId }: Pick<Account, 'memberId'>, target: { ids: number[]; all: boolean }): Promise<number> {
  if (!target.all && target.ids.length === 0) return 0;
  const changed = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.memberId, memberId), isNull(messages.readAt), target.all ? undefined : inArray(messages.id, target.ids.slice(0, 500))))
    .returning({ id: messages.id });
  return changed.length;
}
