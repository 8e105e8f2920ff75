// Evaluates the usage alerts of the accounts calls and balance changes touched, off the answer's
// path: at most once per second per account (debounced), each rule firing once per crossing.
//
// The crossing is one conditional UPDATE (… SET fired = true WHERE fired = false …): of any
// number of concurrent evaluations, in this process or in other processes on one PostgreSQL,
// exactly one gets the row back and tells; back on the safe side, a second conditional UPDATE
// clears it, so the next crossing tells again. The fired flag, the firing and its messages-center
// note are written in one transaction; SMS and e-mail to the account's verified contacts follow,
// each delivery recorded (a failed one never stops the evaluation). A change of the account's own
// rules is judged at once (judgeNow) so the page that saved it reads the outcome.
import { ALERT_KIND_LABEL, type AlertKind, alertAmount, alertCrossed, alertErrorRate, isAlertError } from '@apimarket/contracts';
import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { alertContacts, alertDeliveries, alertFirings, alertRules, callRecords, interfaces } from '../../db/schema';
import type { Notifier } from '../../notify';
import { sendMessage } from '../account/messages.service';
import { balanceOf } from '../billing/billing.service';
import { hit } from '../throttle/throttle.service';
import { callsLeftByInterface } from '../purchases/purchases.service';
import { CHINA_TODAY, todayCalls } from './alerts.service';

/** An account is evaluated at most once per this many milliseconds. */
export const ALERT_DEBOUNCE_MS = 1000;

type Rule = typeof alertRules.$inferSelect;

interface Measure {
  value: number;
  crossed: boolean;
  /** For the text: what the value is made of (error rate: calls and errors in the window). */
  detail?: { total: number; errors: number };
}

async function measure(db: Db, rule: Rule): Promise<Measure | null> {
  switch (rule.kind) {
    case 'balance': {
      const fen = await balanceOf(db, rule.memberId);
      return { value: fen, crossed: fen < rule.threshold };
    }
    case 'calls_left': {
      const [p] = await callsLeftByInterface(db, rule.memberId, rule.interfaceId);
      if (!p) return null;
      return { value: p.callsLeft, crossed: p.callsLeft < rule.threshold };
    }
    case 'daily_calls': {
      const n = await todayCalls(db, rule.memberId, rule.interfaceId);
      return { value: n, crossed: n > rule.threshold };
    }
    case 'error_rate': {
      // The window's raw records, found through call_records (member_id, created_at): a few
      // minutes of one account's calls, never a scan of its history.
      const rows = await db
        .select({ code: callRecords.code, n: sql<string>`count(*)::text` })
        .from(callRecords)
        .where(
          and(
            eq(callRecords.memberId, rule.memberId),
            sql`${callRecords.createdAt} > now() - make_interval(mins => ${rule.windowMinutes})`,
            eq(callRecords.interfaceId, rule.interfaceId),
          ),
        )
        .groupBy(callRecords.code);
      // The one formula (contracts alerts.ts), which 接口监控 shows too.
      const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
      const errors = rows.filter((r) => isAlertError(r.code, rule.codes)).reduce((sum, r) => sum + Number(r.n), 0);
      const { rate, judged } = alertErrorRate(total, errors);
      // Too few calls say nothing about a rate: judged (crossed or safe) from the minimum on.
      if (!judged) return null;
      return { value: rate, crossed: alertCrossed(total, errors, rule.threshold), detail: { total, errors } };
    }
    default:
      return null;
  }
}

async function interfaceName(db: Db, id: number): Promise<string> {
  if (id === 0) return '全部接口';
  const [row] = await db.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, id));
  return row?.name ?? `接口 ${id}`;
}

async function alertText(db: Db, rule: Rule, m: Measure): Promise<string> {
  const kind = rule.kind as AlertKind;
  const value = alertAmount(kind, m.value);
  const threshold = alertAmount(kind, rule.threshold);
  switch (kind) {
    case 'balance':
      return `余额预警：您的账户余额为 ${value}，已低于预警值 ${threshold}，请及时充值，以免影响购买和自动续费。`;
    case 'calls_left':
      return `剩余次数预警：「${await interfaceName(db, rule.interfaceId)}」剩余调用次数为 ${value}，已低于预警值 ${threshold}，请及时续购。`;
    case 'daily_calls':
      return `日调用量预警：${rule.interfaceId === 0 ? '全部接口' : `「${await interfaceName(db, rule.interfaceId)}」`}今日调用量已达 ${value}，超过预警值 ${threshold}。`;
    case 'error_rate':
      return `错误率预警：「${await interfaceName(db, rule.interfaceId)}」最近 ${rule.windowMinutes} 分钟调用 ${m.detail?.total ?? 0} 次，其中所选错误码 ${m.detail?.errors ?? 0} 次，错误率 ${value}，已达到预警值 ${threshold}。`;
  }
}

/** A crossing judged and stored: what is left to do is telling the contacts. */
interface Firing {
  id: number;
  rule: Rule;
  m: Measure;
  text: string;
  title: string;
}

/**
 * Store one crossing: the rule marked fired, the firing recorded and the messages-center note,
 * in one transaction — so a page never reads 已触发 without its record in 预警记录. Answers null
 * when another evaluation stored this crossing first.
 */
async function record(db: Db, rule: Rule, m: Measure): Promise<Firing | null> {
  const text = await alertText(db, rule, m);
  const title = ALERT_KIND_LABEL[rule.kind as AlertKind];
  const same = and(eq(alertRules.id, rule.id), eq(alertRules.enabled, true), eq(alertRules.threshold, rule.threshold));
  // A calls-per-day rule that fired on an earlier China day is a new crossing today.
  const notYet =
    rule.kind === 'daily_calls'
      ? or(eq(alertRules.fired, false), isNull(alertRules.firedDay), ne(alertRules.firedDay, CHINA_TODAY))
      : eq(alertRules.fired, false);
  return db.transaction(async (tx) => {
    const won = await tx
      .update(alertRules)
      .set({ fired: true, firedAt: new Date(), firedDay: CHINA_TODAY })
      .where(and(same, notYet))
      .returning({ id: alertRules.id });
    if (won.length === 0) return null;
    const [firing] = await tx
      .insert(alertFirings)
      .values({ ruleId: rule.id, memberId: rule.memberId, kind: rule.kind, interfaceId: rule.interfaceId, value: m.value, threshold: rule.threshold, text })
      .returning({ id: alertFirings.id });
    if (!firing) throw new Error('alert firing insert returned no row');
    await sendMessage(tx, rule.memberId, { kind: 'alert', title, body: text, link: '/userCenter/warningManage/myWarning' });
    await tx.insert(alertDeliveries).values({ firingId: firing.id, channel: 'message', recipient: String(rule.memberId), contactName: '', status: 'sent' });
    return { id: firing.id, rule, m, text, title };
  });
}

/**
 * Alert SMS one phone receives in 24 hours. A rule saved past its threshold fires at once, so an
 * owner switching a rule off and on could otherwise make the platform pay for an SMS each time;
 * past the cap the firing still reaches 预警记录, the messages center and e-mail.
 */
export const ALERT_SMS_PER_PHONE_DAY = 20;
const ALERT_SMS_CAPPED = `该手机号24小时内的预警短信已达${ALERT_SMS_PER_PHONE_DAY}条，本次未发送短信`;

/** SMS and e-mail to the verified contacts; each failure is recorded, never thrown. */
async function deliver(db: Db, notifier: Notifier, logger: FastifyBaseLogger, firing: Firing): Promise<void> {
  const { rule, m, text, title } = firing;
  const deliveries: Array<typeof alertDeliveries.$inferInsert> = [];
  const attempt = async (channel: 'sms' | 'email', recipient: string, contactName: string, send: () => Promise<number | null>) => {
    try {
      const outboxId = await send();
      deliveries.push({ firingId: firing.id, channel, recipient, contactName, status: 'sent', outboxId });
    } catch (err) {
      logger.warn({ err, firingId: firing.id, channel }, 'alert delivery failed');
      deliveries.push({ firingId: firing.id, channel, recipient, contactName, status: 'failed', error: String(err).slice(0, 300) });
    }
  };
  // Only contacts whose phone answered an SMS code receive anything.
  const contacts = await db
    .select()
    .from(alertContacts)
    .where(and(eq(alertContacts.memberId, rule.memberId), isNotNull(alertContacts.phoneVerifiedAt)));
  // A carrier sends a registered template: the kind, the value and the threshold.
  const kind = rule.kind as AlertKind;
  const smsTemplate = { kind: 'alert', params: { title, value: alertAmount(kind, m.value), threshold: alertAmount(kind, rule.threshold) } } as const;
  for (const c of contacts) {
    const viaNotifier = async (message: Parameters<Notifier['send']>[0]) => {
      const sent = await notifier.send(message);
      if (sent.status === 'failed') throw new Error(`${message.channel} provider refused the message (outbox ${sent.id})`);
      return sent.id;
    };
    if ((await hit(db, `alert:sms:${c.phone}`, 24 * 3_600_000)) > ALERT_SMS_PER_PHONE_DAY) {
      deliveries.push({ firingId: firing.id, channel: 'sms', recipient: c.phone, contactName: c.name, status: 'failed', error: ALERT_SMS_CAPPED });
    } else await attempt('sms', c.phone, c.name, () => viaNotifier({ channel: 'sms', to: c.phone, body: text, template: smsTemplate }));
    if (c.email) await attempt('email', c.email, c.name, () => viaNotifier({ channel: 'email', to: c.email, subject: `【数据API市场】${title}`, body: text }));
  }
  if (deliveries.length) await db.insert(alertDeliveries).values(deliveries);
}

/** One account's enabled rules, each judged once: crossings stored, rules back on the safe side cleared. Answers the new firings. */
export async function judgeAccount(db: Db, logger: FastifyBaseLogger, memberId: number): Promise<Firing[]> {
  const rules = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.memberId, memberId), eq(alertRules.enabled, true)));
  const firings: Firing[] = [];
  for (const rule of rules) {
    try {
      const m = await measure(db, rule);
      if (!m) continue;
      if (m.crossed) {
        const firing = await record(db, rule, m);
        if (firing) firings.push(firing);
      } else if (rule.fired) {
        const same = and(eq(alertRules.id, rule.id), eq(alertRules.enabled, true), eq(alertRules.threshold, rule.threshold));
        await db
          .update(alertRules)
          .set({ fired: false, firedAt: null, firedDay: null })
          .where(and(same, eq(alertRules.fired, true)));
      }
    } catch (err) {
      logger.error({ err, ruleId: rule.id }, 'alert evaluation failed');
    }
  }
  return firings;
}

/** One account's enabled rules judged and the new firings delivered; answers how many fired. */
export async function evaluateAccount(db: Db, notifier: Notifier, logger: FastifyBaseLogger, memberId: number): Promise<number> {
  const firings = await judgeAccount(db, logger, memberId);
  for (const firing of firings) await deliver(db, notifier, logger, firing);
  return firings.length;
}

export interface AlertEngine {
  /** Accounts whose calls or balance just changed: evaluated soon, at most once per second each. */
  touch(memberIds: Iterable<number>): void;
  /**
   * After the account changed its own rules: judged now, so the answer (and the page's next read)
   * already shows what fired, with its record; the SMS and e-mail go out after the answer.
   */
  judgeNow(memberId: number): Promise<void>;
  /** Resolves once every touched account has been evaluated (waiting timers run now). */
  settle(): Promise<void>;
  /** Drops the waiting timers (shutdown). */
  stop(): void;
}

interface Slot {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  lastRun: number;
}

const engines = new Set<AlertEngine>();

/** Waits until every alert engine of this process has evaluated what it was told (tests). */
export async function settleAlerts(): Promise<void> {
  await Promise.all([...engines].map((e) => e.settle()));
}

export function createAlertEngine(options: { db: Db; notifier: Notifier; logger: FastifyBaseLogger; debounceMs?: number }): AlertEngine {
  const { db, notifier, logger } = options;
  const debounceMs = options.debounceMs ?? ALERT_DEBOUNCE_MS;
  const slots = new Map<number, Slot>();
  /** Deliveries of firings judged by judgeNow, still going out. */
  const delivering = new Set<Promise<void>>();

  const run = (memberId: number, slot: Slot) => {
    slot.timer = null;
    slot.lastRun = Date.now();
    slot.running = evaluateAccount(db, notifier, logger, memberId)
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err, memberId }, 'alert evaluation failed'))
      .finally(() => {
        slot.running = null;
        if (slot.again) {
          slot.again = false;
          schedule(memberId);
        }
      });
  };

  const schedule = (memberId: number) => {
    let slot = slots.get(memberId);
    if (!slot) {
      if (slots.size > 10_000) prune();
      slot = { timer: null, running: null, again: false, lastRun: 0 };
      slots.set(memberId, slot);
    }
    if (slot.running) {
      slot.again = true;
      return;
    }
    if (slot.timer) return;
    const s = slot;
    s.timer = setTimeout(() => run(memberId, s), Math.max(0, s.lastRun + debounceMs - Date.now()));
    s.timer.unref();
  };

  const prune = () => {
    const old = Date.now() - debounceMs;
    for (const [id, s] of slots) if (!s.timer && !s.running && s.lastRun < old) slots.delete(id);
  };

  const engine: AlertEngine = {
    touch(memberIds) {
      for (const id of new Set(memberIds)) schedule(id);
    },
    async judgeNow(memberId) {
      const firings = await judgeAccount(db, logger, memberId);
      for (const firing of firings) {
        const sending: Promise<void> = deliver(db, notifier, logger, firing)
          .catch((err: unknown) => logger.error({ err, firingId: firing.id }, 'alert delivery failed'))
          .finally(() => delivering.delete(sending));
        delivering.add(sending);
      }
    },
    async settle() {
      for (;;) {
        const busy: Promise<void>[] = [...delivering];
        for (const [id, s] of slots) {
          if (s.timer) {
            clearTimeout(s.timer);
            run(id, s);
          }
          if (s.running) busy.push(s.running);
        }
        if (busy.length === 0) return;
        await Promise.all(busy);
      }
    },
    stop() {
      for (const s of slots.values()) if (s.timer) clearTimeout(s.timer);
      slots.clear();
      engines.delete(engine);
    },
  };
  engines.add(engine);
  return engine;
}
