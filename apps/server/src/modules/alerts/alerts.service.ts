// Alert rules and alert contacts of one account (issue #9): every read and write is filtered by
// the caller's own member id, so another account's rules and contacts are never reachable (an id
// of theirs answers 「不存在」 exactly like an id that does not exist). Each account, main or sub,
// keeps its own rules over its own purchases and calls; the balance rule is the main account's
// (a sub-account has no balance of its own). Evaluation lives in alerts.engine.ts.
import {
  ALERT_LIMITS,
  ALERT_MSG,
  type AddContactInput,
  type AlertContactRow,
  type AlertIdInput,
  type AlertStatusInput,
  type AlertFiringRow,
  type AlertKind,
  ALERT_KIND_LABEL,
  type BalanceAlertInput,
  type BalanceAlertView,
  type ContactIdInput,
  type ContactListInput,
  type DailyAlertInput,
  type DailyAlertRow,
  type ErrorRateAlertInput,
  type ErrorRateAlertRow,
  GATEWAY_SUCCESS,
  PLATFORM_CODES,
  type PageQuery,
  type RemainingAlertInput,
  type RemainingAlertRow,
  type VerifyContactInput,
  type WarnErrcode,
  type WarnErrcodeInput,
  type WarnInterface,
  maskEmail,
  maskPhone,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertContacts, alertDeliveries, alertFirings, alertRules, callStats, interfaceDocs, interfaces, purchases } from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors';
import { paged } from '../../db/sql';
import type { Notifier } from '../../notify';
import type { Account } from '../account/access';
import { balanceOf } from '../billing/billing.service';
import { callsLeftByInterface, purchasedInterfaces } from '../purchases/purchases.service';
import { sendSmsCode, verifySmsCode } from '../identity/sms.service';

export const CHINA_TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;

type RuleRow = typeof alertRules.$inferSelect;

const state = (r: RuleRow) => ({ id: r.id, threshold: r.threshold, enabled: r.enabled, fired: r.fired });

/** Changing a threshold starts over: the next evaluation decides afresh whether it is crossed. */
const RESET = { fired: false, firedAt: null, firedDay: null } as const;

async function ownedRule(db: Db, account: Account, id: number, kind: AlertKind): Promise<RuleRow> {
  const [rule] = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.memberId, account.memberId), eq(alertRules.kind, kind)));
  if (!rule) throw new NotFound(ALERT_MSG.ruleMissing);
  return rule;
}

/** The account's purchased interfaces (any state: an alert may watch a stopped purchase too). */
export async function warnInterfaces(db: Db, account: Account): Promise<WarnInterface[]> {
  return purchasedInterfaces(db, account).orderBy(asc(purchases.interfaceId));
}

async function requirePurchased(db: Db, account: Account, interfaceId: number): Promise<string> {
  const [row] = await callsLeftByInterface(db, account.memberId, interfaceId);
  if (!row) throw new Invalid(account.isSub ? ALERT_MSG.interfaceNotAssigned : ALERT_MSG.interfaceNotBought);
  return row.interfaceName;
}

/** Insert or replace the account's single rule of a kind (and interface); a new threshold resets it. */
async function upsertSingle(db: Db, memberId: number, kind: AlertKind, interfaceId: number, threshold: number, enabled: boolean) {
  const [row] = await db
    .insert(alertRules)
    .values({ memberId, kind, interfaceId, threshold, enabled })
    .onConflictDoUpdate({
      target: [alertRules.memberId, alertRules.kind, alertRules.interfaceId],
      targetWhere: sql`kind <> 'error_rate'`,
      set: { threshold, enabled, ...RESET },
    })
    .returning();
  if (!row) throw new Error('alert rule upsert returned no row');
  return row;
}

async function setStatus(db: Db, account: Account, { id, status: enabled }: AlertStatusInput, kind: AlertKind) {
  await ownedRule(db, account, id, kind);
  // Turning a rule off forgets its crossing: turned on again, it tells about the state it finds.
  await db
    .update(alertRules)
    .set({ enabled, ...(enabled ? {} : RESET) })
    .where(and(eq(alertRules.id, id), eq(alertRules.memberId, account.memberId)));
}

// ── Balance ──────────────────────────────────────────────────────────────────────────────────
function mainOnly(account: Account) {
  if (account.isSub) throw new Forbidden(ALERT_MSG.subBalance);
}

export async function getBalanceAlert(db: Db, account: Account): Promise<BalanceAlertView> {
  const [rule] = await db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.memberId, account.memberId), eq(alertRules.kind, 'balance')));
  return {
    rule: rule ? { id: rule.id, thresholdFen: rule.threshold, enabled: rule.enabled, fired: rule.fired } : null,
    balanceFen: account.isSub ? 0 : await balanceOf(db, account.memberId),
  };
}

export async function saveBalanceAlert(db: Db, account: Account, input: BalanceAlertInput): Promise<BalanceAlertView> {
  mainOnly(account);
  await upsertSingle(db, account.memberId, 'balance', 0, input.amount, input.status);
  return getBalanceAlert(db, account);
}

// ── Remaining calls ──────────────────────────────────────────────────────────────────────────
export async function listRemainingAlerts(db: Db, account: Account): Promise<RemainingAlertRow[]> {
  // A sub-account watches what its assignments have left (Decision 177).
  const [left, rules] = await Promise.all([
    callsLeftByInterface(db, account.memberId),
    db
      .select()
      .from(alertRules)
      .where(and(eq(alertRules.memberId, account.memberId), eq(alertRules.kind, 'calls_left'))),
  ]);
  const byInterface = new Map(rules.map((r) => [r.interfaceId, r]));
  return left.map((r) => {
    const rule = byInterface.get(r.interfaceId);
    return { interfaceId: r.interfaceId, interfaceName: r.interfaceName, callsLeft: r.callsLeft, rule: rule ? state(rule) : null };
  });
}

export async function saveRemainingAlert(db: Db, account: Account, input: RemainingAlertInput): Promise<void> {
  await requirePurchased(db, account, input.interfaceId);
  await upsertSingle(db, account.memberId, 'calls_left', input.interfaceId, input.threshold, input.status);
}

export const setRemainingStatus = (db: Db, account: Account, input: AlertStatusInput) => setStatus(db, account, input, 'calls_left');

// ── Calls per day ────────────────────────────────────────────────────────────────────────────
/** Calls recorded today (China day) for the account: one interface, or all (0). */
export async function todayCalls(db: Pick<Db, 'select'>, memberId: number, interfaceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${callStats.calls}), 0)::text` })
    .from(callStats)
    .where(and(eq(callStats.memberId, memberId), eq(callStats.day, CHINA_TODAY), interfaceId ? eq(callStats.interfaceId, interfaceId) : undefined));
  return Number(row?.n ?? 0);
}

export async function listDailyAlerts(db: Db, account: Account): Promise<DailyAlertRow[]> {
  const rules = await db
    .select({ rule: alertRules, name: interfaces.interfaceName })
    .from(alertRules)
    .leftJoin(interfaces, eq(interfaces.id, alertRules.interfaceId))
    .where(and(eq(alertRules.memberId, account.memberId), eq(alertRules.kind, 'daily_calls')))
    .orderBy(asc(alertRules.interfaceId));
  const today = await db
    .select({ interfaceId: callStats.interfaceId, n: sql<string>`sum(${callStats.calls})::text` })
    .from(callStats)
    .where(and(eq(callStats.memberId, account.memberId), eq(callStats.day, CHINA_TODAY)))
    .groupBy(callStats.interfaceId);
  const by = new Map(today.map((t) => [t.interfaceId, Number(t.n)]));
  const all = [...by.values()].reduce((a, b) => a + b, 0);
  return rules.map(({ rule, name }) => ({
    ...state(rule),
    interfaceId: rule.interfaceId,
    interfaceName: rule.interfaceId === 0 ? '全部接口' : (name ?? `接口 ${rule.interfaceId}`),
    todayCalls: rule.interfaceId === 0 ? all : (by.get(rule.interfaceId) ?? 0),
  }));
}

export async function saveDailyAlert(db: Db, account: Account, input: DailyAlertInput): Promise<void> {
  if (input.interfaceId !== 0) await requirePurchased(db, account, input.interfaceId);
  await upsertSingle(db, account.memberId, 'daily_calls', input.interfaceId, input.threshold, input.status);
}

export const setDailyStatus = (db: Db, account: Account, input: AlertStatusInput) => setStatus(db, account, input, 'daily_calls');

// ── Error rate ───────────────────────────────────────────────────────────────────────────────
/** The codes an interface can answer other than success: its own (from its documentation) and the platform's. */
export async function warnErrcodes(db: Db, account: Account, { interfaceId }: WarnErrcodeInput): Promise<WarnErrcode[]> {
  await requirePurchased(db, account, interfaceId);
  const [doc] = await db.select({ codes: interfaceDocs.codes }).from(interfaceDocs).where(eq(interfaceDocs.interfaceId, interfaceId));
  const own = (doc?.codes ?? []).filter((c) => c.code !== GATEWAY_SUCCESS).map((c) => ({ code: c.code, message: c.message }));
  const platform = Object.entries(PLATFORM_CODES).map(([code, message]) => ({ code, message }));
  return [...own, ...platform];
}

function errorRow(rule: RuleRow, name: string | null): ErrorRateAlertRow {
  return {
    ...state(rule),
    interfaceId: rule.interfaceId,
    interfaceName: name ?? `接口 ${rule.interfaceId}`,
    codes: rule.codes,
    windowMinutes: rule.windowMinutes,
  };
}

export async function listErrorRateAlerts(db: Db, account: Account, page: PageQuery): Promise<{ rows: ErrorRateAlertRow[]; total: number }> {
  const where = and(eq(alertRules.memberId, account.memberId), eq(alertRules.kind, 'error_rate'));
  const rules = db
    .select({ rule: alertRules, name: interfaces.interfaceName })
    .from(alertRules)
    .leftJoin(interfaces, eq(interfaces.id, alertRules.interfaceId))
    .where(where)
    .orderBy(desc(alertRules.id));
  const { rows, total } = await paged(rules.$dynamic(), db.$count(alertRules, where), page);
  return { rows: rows.map((r) => errorRow(r.rule, r.name)), total };
}

export async function getErrorRateAlert(db: Db, account: Account, { id }: AlertIdInput): Promise<ErrorRateAlertRow> {
  const rule = await ownedRule(db, account, id, 'error_rate');
  const [iface] = await db.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, rule.interfaceId));
  return errorRow(rule, iface?.name ?? null);
}

export async function saveErrorRateAlert(db: Db, account: Account, input: ErrorRateAlertInput): Promise<ErrorRateAlertRow> {
  const known = new Set((await warnErrcodes(db, account, { interfaceId: input.interfaceId })).map((c) => c.code));
  if (input.codes.some((c) => !known.has(c))) throw new Invalid(ALERT_MSG.codeUnknown);
  const codes = [...new Set(input.codes)];
  const values = { interfaceId: input.interfaceId, threshold: input.rate, codes, windowMinutes: input.windowMinutes, enabled: input.status };
  if (input.id !== undefined) {
    await ownedRule(db, account, input.id, 'error_rate');
    await db
      .update(alertRules)
      .set({ ...values, ...RESET })
      .where(and(eq(alertRules.id, input.id), eq(alertRules.memberId, account.memberId)));
    return getErrorRateAlert(db, account, { id: input.id });
  }
  const [n] = await db
    .select({ n: count() })
    .from(alertRules)
    .where(and(eq(alertRules.memberId, account.memberId), eq(alertRules.kind, 'error_rate')));
  if ((n?.n ?? 0) >= ALERT_LIMITS.maxErrorRules) throw new Conflict(ALERT_MSG.tooManyRules);
  const [row] = await db
    .insert(alertRules)
    .values({ memberId: account.memberId, kind: 'error_rate', ...values })
    .returning({ id: alertRules.id });
  return getErrorRateAlert(db, account, { id: row?.id ?? 0 });
}

export const setErrorRateStatus = (db: Db, account: Account, input: AlertStatusInput) => setStatus(db, account, input, 'error_rate');

export async function deleteErrorRateAlert(db: Db, account: Account, { id }: AlertIdInput): Promise<void> {
  await ownedRule(db, account, id, 'error_rate');
  await db.delete(alertRules).where(and(eq(alertRules.id, id), eq(alertRules.memberId, account.memberId)));
}

// ── History ──────────────────────────────────────────────────────────────────────────────────
export async function listFirings(db: Db, account: Account, page: PageQuery): Promise<{ rows: AlertFiringRow[]; total: number }> {
  const where = eq(alertFirings.memberId, account.memberId);
  const firings = db
    .select({ f: alertFirings, name: interfaces.interfaceName })
    .from(alertFirings)
    .leftJoin(interfaces, eq(interfaces.id, alertFirings.interfaceId))
    .where(where)
    .orderBy(desc(alertFirings.id));
  const { rows, total } = await paged(firings.$dynamic(), db.$count(alertFirings, where), page);
  const ids = rows.map((r) => r.f.id);
  const deliveries = ids.length ? await db.select().from(alertDeliveries).where(inArray(alertDeliveries.firingId, ids)).orderBy(asc(alertDeliveries.id)) : [];
  return {
    total,
    rows: rows.map(({ f, name }) => {
      const kind = f.kind as AlertKind;
      return {
        id: f.id,
        kind,
        kindLabel: ALERT_KIND_LABEL[kind],
        interfaceName: f.interfaceId === 0 ? (kind === 'balance' ? '—' : '全部接口') : (name ?? `接口 ${f.interfaceId}`),
        value: f.value,
        threshold: f.threshold,
        text: f.text,
        createdAt: f.createdAt.toISOString(),
        deliveries: deliveries
          .filter((d) => d.firingId === f.id)
          .map((d) => ({
            channel: d.channel as 'sms' | 'email' | 'message',
            recipient: d.channel === 'sms' ? maskPhone(d.recipient) : d.channel === 'email' ? maskEmail(d.recipient) : '消息中心',
            contactName: d.contactName,
            delivered: d.status === 'sent',
            error: d.error,
          })),
      };
    }),
  };
}

// ── Contacts ─────────────────────────────────────────────────────────────────────────────────
type ContactRow = typeof alertContacts.$inferSelect;

function contactView(c: ContactRow): AlertContactRow {
  return {
    id: c.id,
    name: c.name,
    phone: maskPhone(c.phone),
    email: c.email ? maskEmail(c.email) : '',
    verified: c.phoneVerifiedAt !== null,
    verifiedAt: c.phoneVerifiedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function listContacts(db: Db, account: Account, page: ContactListInput): Promise<{ rows: AlertContactRow[]; total: number }> {
  const where = eq(alertContacts.memberId, account.memberId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(alertContacts)
      .where(where)
      .orderBy(asc(alertContacts.id))
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize),
    db.select({ n: count() }).from(alertContacts).where(where),
  ]);
  return { rows: rows.map(contactView), total: total?.n ?? 0 };
}

async function ownedContact(db: Db, account: Account, id: number): Promise<ContactRow> {
  const [c] = await db
    .select()
    .from(alertContacts)
    .where(and(eq(alertContacts.id, id), eq(alertContacts.memberId, account.memberId)));
  if (!c) throw new NotFound(ALERT_MSG.contactMissing);
  return c;
}

/** Adds a contact; with the SMS code sent to its phone (sendVerifyCode) it is saved verified. */
export async function addContact(db: Db, account: Account, input: AddContactInput): Promise<AlertContactRow> {
  const [n] = await db.select({ n: count() }).from(alertContacts).where(eq(alertContacts.memberId, account.memberId));
  if ((n?.n ?? 0) >= ALERT_LIMITS.maxContacts) throw new Conflict(ALERT_MSG.tooManyContacts);
  const [taken] = await db
    .select({ id: alertContacts.id })
    .from(alertContacts)
    .where(and(eq(alertContacts.memberId, account.memberId), eq(alertContacts.phone, input.phone)));
  if (taken) throw new Conflict(ALERT_MSG.contactTaken);
  if (input.smsCode !== undefined) await verifySmsCode(db, { phone: input.phone, purpose: 'alert', code: input.smsCode });
  const [row] = await db
    .insert(alertContacts)
    .values({
      memberId: account.memberId,
      name: input.name,
      phone: input.phone,
      email: input.email ?? '',
      phoneVerifiedAt: input.smsCode !== undefined ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Conflict(ALERT_MSG.contactTaken);
  return contactView(row);
}

/** Verifies a saved contact's phone with the code sent to it. */
export async function verifyContact(db: Db, account: Account, { id, smsCode }: VerifyContactInput): Promise<AlertContactRow> {
  const c = await ownedContact(db, account, id);
  if (c.phoneVerifiedAt) throw new Conflict(ALERT_MSG.alreadyVerified);
  await verifySmsCode(db, { phone: c.phone, purpose: 'alert', code: smsCode });
  const [row] = await db
    .update(alertContacts)
    .set({ phoneVerifiedAt: new Date() })
    .where(and(eq(alertContacts.id, id), eq(alertContacts.memberId, account.memberId), isNull(alertContacts.phoneVerifiedAt)))
    .returning();
  return contactView(row ?? c);
}

export async function deleteContact(db: Db, account: Account, { id }: ContactIdInput): Promise<void> {
  await ownedContact(db, account, id);
  await db.delete(alertContacts).where(and(eq(alertContacts.id, id), eq(alertContacts.memberId, account.memberId)));
}

/**
 * Sends a verification code (the image captcha was checked by the route) to the phone being
 * added, or to a saved contact's phone; the identity module's limits apply (Decision 18).
 */
export async function sendContactCode(db: Db, notifier: Notifier, account: Account, target: { id?: number; phone?: string }, ip: string) {
  let phone = target.phone;
  if (target.id !== undefined) {
    const c = await ownedContact(db, account, target.id);
    if (c.phoneVerifiedAt) throw new Conflict(ALERT_MSG.alreadyVerified);
    phone = c.phone;
  }
  if (!phone) throw new Invalid(ALERT_MSG.contactMissing);
  await sendSmsCode(db, notifier, { phone, purpose: 'alert', ip });
}
