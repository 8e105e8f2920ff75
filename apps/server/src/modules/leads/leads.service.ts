// Leads: stored first (the same phone and kind within 24 hours updates its lead instead of
// making a second), then sales is told by mail; a failed mail is retried from the row, and a
// daily digest sums up yesterday. Per-IP and per-phone caps keep the forms from being pumped.
import { chinaClock, LEAD_WORDS, type LeadSource, leadTopicFor } from '@apimarket/contracts';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads, pageViews } from '../../db/schema';
import { Throttled } from '../../http/errors';
import type { Notifier } from '../../notify';
import type { FileStore } from '../../storage';
import { hit } from '../throttle/throttle.service';

export type LeadKind = 'trial' | 'consult' | 'quote' | 'document';

export const LEAD_KIND_NAME: Record<LeadKind, string> = {
  trial: '免费试用',
  consult: '数据资产入表咨询',
  quote: '方案报价',
  document: '资料报价',
};

export const LEAD_LIMITS = {
  dedupeMs: 24 * 3600_000,
  perIpPerHour: 20,
  perPhonePerDay: 10,
  maxNotifyAttempts: 10,
} as const;

export const LEAD_MSG = {
  trial: (calls: string) => `恭喜您成功领取${calls}次免费API调用！平台将尽快与您联系`,
  /** A consultation's success fits the page it was sent from (spec 01 §2.4, §8): LEAD_WORDS. */
  consult: (sourcePath: string) => LEAD_WORDS[leadTopicFor(sourcePath)].consult.success,
  quote: '提交成功，我们的顾问将尽快与您联系',
  document: '资料已发送，我们的顾问将尽快为您报价',
  tooMany: '提交过于频繁，请稍后再试',
} as const;

export interface LeadCtx {
  db: Db;
  notifier: Notifier;
  salesEmail: string;
  /** Where a lead's document is kept, and read back for the mail to sales. */
  files: FileStore;
  ip: string;
  userAgent: string;
  touristToken: string;
}

export interface LeadInput {
  kind: LeadKind;
  phone: string;
  userName?: string;
  companyName?: string;
  interfaceName?: string;
  source: LeadSource;
  /** When the visitor ticked the privacy notice (PIPL art. 14); the routes refuse a lead without it. */
  consentedAt: Date;
  /** Saves a document sent with the lead once the lead has an id; answers its name and file-store key. */
  attach?: (leadId: number) => Promise<{ name: string; key: string }>;
}

/** What mailing sales about a lead needs (the jobs have no request). */
export type LeadMailCtx = Pick<LeadCtx, 'db' | 'notifier' | 'salesEmail' | 'files'>;

/** Refuse before anything is spent (an SMS code, a row) when the caps are reached. */
export async function checkLeadLimits(ctx: LeadCtx, phone: string): Promise<void> {
  if ((await hit(ctx.db, `lead:ip:${ctx.ip}`, 3600_000)) > LEAD_LIMITS.perIpPerHour) throw new Throttled(LEAD_MSG.tooMany);
  if ((await hit(ctx.db, `lead:phone:${phone}`, 24 * 3600_000)) > LEAD_LIMITS.perPhonePerDay) throw new Throttled(LEAD_MSG.tooMany);
}

export async function captureLead(ctx: LeadCtx, input: LeadInput): Promise<{ id: number; created: boolean }> {
  const { sourcePath, referrer, ...utmFields } = input.source;
  const utm = Object.fromEntries(Object.entries(utmFields).filter(([, v]) => v !== ''));
  const fields = {
    userName: input.userName ?? '',
    companyName: input.companyName ?? '',
    interfaceName: input.interfaceName ?? '',
  };
  const result = await ctx.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(eq(leads.phone, input.phone), eq(leads.kind, input.kind), gt(leads.createdAt, sql`now() - make_interval(secs => ${LEAD_LIMITS.dedupeMs / 1000})`)),
      )
      .orderBy(desc(leads.createdAt))
      .limit(1)
      .for('update');
    if (recent) {
      // Keep what the visitor said before unless they said something new.
      const changed = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
      await tx
        .update(leads)
        .set({ ...changed, repeats: sql`${leads.repeats} + 1`, consentedAt: input.consentedAt })
        .where(eq(leads.id, recent.id));
      return { id: recent.id, created: false };
    }
    const [row] = await tx
      .insert(leads)
      .values({
        kind: input.kind,
        phone: input.phone,
        ...fields,
        sourcePath,
        referrer,
        utm,
        ip: ctx.ip,
        userAgent: ctx.userAgent.slice(0, 256),
        touristToken: ctx.touristToken,
        consentedAt: input.consentedAt,
      })
      .returning({ id: leads.id });
    if (!row) throw new Error('lead insert returned no row');
    return { id: row.id, created: true };
  });
  if (input.attach) {
    const file = await input.attach(result.id);
    await ctx.db.update(leads).set({ attachmentName: file.name, attachmentPath: file.key }).where(eq(leads.id, result.id));
    // A document is news even for a known phone: sales gets it.
    if (!result.created) await notifySales(ctx, result.id);
  }
  if (result.created) await notifySales(ctx, result.id);
  return result;
}

/** Mail sales about one lead; the outcome is kept on the lead so a failure is retried. */
export async function notifySales(ctx: LeadMailCtx, leadId: number): Promise<'sent' | 'failed'> {
  const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) return 'failed';
  // Read from the store, not a path: the process retrying this mail may not be the one the
  // document was sent to. A document already removed (retention) leaves the mail without it.
  const document = lead.attachmentPath && lead.attachmentName ? await ctx.files.get(lead.attachmentPath) : null;
  // A consultation is named by its page's topic, so sales knows an AI-plan request from a data-asset one.
  const kind = lead.kind === 'consult' ? LEAD_WORDS[leadTopicFor(lead.sourcePath)].consult.salesName : (LEAD_KIND_NAME[lead.kind as LeadKind] ?? lead.kind);
  const lines = [
    `线索类型：${kind}`,
    `联系电话：${lead.phone}`,
    lead.userName && `联系人：${lead.userName}`,
    lead.companyName && `公司名称：${lead.companyName}`,
    lead.interfaceName && `关注接口：${lead.interfaceName}`,
    lead.attachmentName && `客户资料：${lead.attachmentName}${document ? '（见附件）' : '（附件已不存在）'}`,
    `来源页面：${lead.sourcePath || '未知'}`,
    lead.referrer && `来源网址：${lead.referrer}`,
    Object.keys(lead.utm).length > 0 &&
      `推广参数：${Object.entries(lead.utm)
        .map(([k, v]) => `${k}=${v}`)
        .join('&')}`,
    `提交时间：${chinaClock(lead.createdAt)}`,
    lead.consentedAt && `同意隐私政策：${chinaClock(lead.consentedAt)}`,
  ].filter(Boolean);
  const { status } = await ctx.notifier.send({
    channel: 'email',
    to: ctx.salesEmail,
    subject: `【新线索】${kind} ${lead.phone}`,
    body: `${lines.join('\n')}\n\n请在一个工作日内联系客户，并在运营后台记录跟进情况。`,
    ...(document && lead.attachmentName
      ? { attachments: [{ filename: lead.attachmentName, content: document.bytes, contentType: document.contentType }] }
      : {}),
  });
  await ctx.db
    .update(leads)
    .set({
      notifyState: status,
      notifyAttempts: sql`${leads.notifyAttempts} + 1`,
      ...(status === 'sent' ? { notifiedAt: new Date() } : {}),
    })
    .where(eq(leads.id, leadId));
  return status;
}

/** Retry every lead whose mail has not gone out (a scheduled job; safe to run at any time). */
export async function retryLeadNotifications(ctx: LeadMailCtx): Promise<number> {
  const due = await ctx.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(inArray(leads.notifyState, ['pending', 'failed']), lt(leads.notifyAttempts, LEAD_LIMITS.maxNotifyAttempts)))
    .orderBy(leads.id)
    .limit(100);
  let sent = 0;
  for (const { id } of due) if ((await notifySales(ctx, id)) === 'sent') sent++;
  return sent;
}

/** Yesterday's leads in one mail, once per day however often the job runs. */
export async function sendDailyDigest(ctx: Pick<LeadCtx, 'db' | 'notifier' | 'salesEmail'>, day: string): Promise<boolean> {
  if ((await hit(ctx.db, `lead-digest:${day}`, 7 * 24 * 3600_000)) > 1) return false;
  const rows = await ctx.db
    .select({ kind: leads.kind, phone: leads.phone, userName: leads.userName, companyName: leads.companyName, repeats: leads.repeats })
    .from(leads)
    .where(sql`(${leads.createdAt} at time zone 'Asia/Shanghai')::date = ${day}::date`)
    .orderBy(leads.id);
  const byKind = Object.entries(LEAD_KIND_NAME).map(([k, name]) => `${name} ${rows.filter((r) => r.kind === k).length} 条`);
  const list = rows.map(
    (r, i) =>
      `${i + 1}. [${LEAD_KIND_NAME[r.kind as LeadKind] ?? r.kind}] ${r.phone} ${r.userName || r.companyName}${r.repeats ? `（重复提交 ${r.repeats} 次）` : ''}`,
  );
  await ctx.notifier.send({
    channel: 'email',
    to: ctx.salesEmail,
    subject: `【线索日报】${day} 共 ${rows.length} 条`,
    body: `${day} 新增线索 ${rows.length} 条：${byKind.join('，')}。\n\n${list.join('\n') || '当日无新线索。'}`,
  });
  return true;
}

/** One more view of a site path today (China calendar day). */
export async function countPageView(db: Db, path: string): Promise<void> {
  await db
    .insert(pageViews)
    .values({ path, day: sql`(now() at time zone 'Asia/Shanghai')::date`, views: 1 })
    .onConflictDoUpdate({ target: [pageViews.path, pageViews.day], set: { views: sql`${pageViews.views} + 1` } });
}
