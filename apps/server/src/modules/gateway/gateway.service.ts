// The open data API (ARCHITECTURE.md "open data API"): a customer's system calls
// POST /{domain}/{sub}/{interfaceId} with the key of its purchase. Each call is checked in a
// fixed order (key, interface, purchase, status, quota, enterprise authentication, whitelist,
// rate, parameters), answered by the interface's provider, then charged and recorded before the
// answer leaves — by the group committer (committer.ts), which writes the calls of a few
// milliseconds in one transaction. An answered call always has its record, a billable one its
// charge, and the charge is conditional on calls being left, so concurrent calls can never take
// more than the purchase holds: the loser of a race for the last call gets SYSTEM_002 and no data.
//
// What the checks read is kept briefly in memory (purchases by key, interfaces, enterprise
// authentication, whitelists); the database decides the charge, so a stale memory can only
// refuse a call a moment longer or answer one that the commit then turns into SYSTEM_002.
import { randomFillSync } from 'node:crypto';
import {
  GATEWAY_SUCCESS,
  type GatewayAnswer,
  hasForbiddenCharacters,
  INPUT_GUARD_MSG,
  PLATFORM_CODES,
  type PlatformCode,
  textProblem,
} from '@apimarket/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forgetEverything, Memo } from '../../memo';
import { assignedCallsLeft, assignments, interfaceDocs, interfaces, members, purchases, qualifications } from '../../db/schema';
import { checkParams, type DataProvider, type InterfaceSpec, type SupplierTrace, UpstreamBusy, UpstreamRefused, UpstreamTimeout } from '../../providers';
import { appVerdict, type DeclaredApp, tellOfGrace } from '../packagenames/packagenames.service';
import { ipAllowed } from '../whitelist/whitelist.service';
import type { AddressLimiter } from './address-limit';
import type { CallCommitter, CommitSummary } from './committer';
import { maskParams } from './mask';
import { openCall } from './signed';

export interface GatewayDeps {
  db: Db;
  config: Config;
  /** Writes each call's record and charge (group commit); see committer.ts. */
  committer: CallCommitter;
  logger: FastifyBaseLogger;
  /** The provider that answers an interface (sandbox by default, Decision 10). */
  providerFor: (interfaceId: number) => DataProvider;
  /** Calls per second one key may make (per server process). */
  ratePerKey: number;
  /** Per client address budgets, counted before the key is looked up (Decision 124). */
  addresses?: AddressLimiter;
  upstreamTimeoutMs: number;
  /**
   * Told (after the commit) which purchases with automatic renewal on have just used their last
   * call, so they can be renewed at once rather than at the renewal job's next run.
   */
  onExhausted?: (purchaseIds: number[]) => void;
  /** Told (after the commit) what each group of calls did: usage alerts are evaluated from it. */
  onCommitted?: (summary: CommitSummary) => void;
}

export interface GatewayCall {
  domain: string;
  sub: string;
  interfaceId: string;
  /** Every field the customer sent (body and query), `key` included. */
  fields: Record<string, string>;
  ip: string;
  /**
   * How the caller is authenticated: by the key alone (a customer's system, the default), or by
   * a signed-in user-center session calling its own purchase (test and batch, Decision 121) —
   * then the key's IP whitelist and signed mode do not apply; every other check does.
   */
  via?: 'key' | 'session';
  /** The seqNo to record the call under, when the caller must know it beforehand (batch rows). */
  seqNo?: string;
  /**
   * The app the call declares (X-App-* headers): what an SDK interface's call is checked against
   * in 包名管理 (SYSTEM_048). A session's call (the platform calling for the owner) has none.
   */
  app?: DeclaredApp;
}

/** A call's answer with what it did: whether it was charged, and how long the platform took. */
export interface CallResult {
  answer: GatewayAnswer;
  charged: boolean;
  latencyMs: number;
}

// Random bytes drawn 4 KiB at a time: one call into the CSPRNG per ~400 seqNos, not one each.
const SEQ_POOL = Buffer.alloc(4096);
let seqOffset = SEQ_POOL.length;

/** 20 upper-case hex characters (80 random bits), like the documentation's samples. */
export function newSeqNo(): string {
  if (seqOffset + 10 > SEQ_POOL.length) {
    randomFillSync(SEQ_POOL);
    seqOffset = 0;
  }
  seqOffset += 10;
  return SEQ_POOL.toString('hex', seqOffset - 10, seqOffset).toUpperCase();
}

// ── What rarely changes, kept briefly in memory (a take-down reaches the gateway within this) ──
const CACHE_MS = 30_000;
interface CachedInterface {
  spec: InterfaceSpec;
  path: string;
  onSale: boolean;
  enterpriseOnly: boolean;
  /** Its calls declare their app, registered and enabled in 包名管理. */
  sdk: boolean;
}
const interfaceCache = new Memo<number, CachedInterface | null>('interfaces', { ms: CACHE_MS, max: 5000 });
const qualifiedCache = new Memo<number, boolean>('qualification', { ms: CACHE_MS, max: 50_000, byMember: true });

async function interfaceOf(db: Db, id: number): Promise<CachedInterface | null> {
  const hit = interfaceCache.get(id);
  if (hit !== undefined) return hit;
  const [row] = await db
    .select({ i: interfaces, d: interfaceDocs })
    .from(interfaces)
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(eq(interfaces.id, id));
  const value: CachedInterface | null = row
    ? {
        spec: {
          id: row.i.id,
          categoryId: row.i.categoryId,
          interfaceName: row.i.interfaceName,
          params: row.d.params,
          responseFields: row.d.responseFields,
          codes: row.d.codes,
          sampleResponse: row.d.sampleResponse,
        },
        path: row.i.path,
        onSale: row.i.status === 'on_sale',
        enterpriseOnly: row.i.enterpriseOnly,
        sdk: row.i.sdk,
      }
    : null;
  interfaceCache.set(id, value);
  return value;
}

async function isQualified(db: Db, memberId: number): Promise<boolean> {
  const hit = qualifiedCache.get(memberId);
  if (hit !== undefined) return hit;
  // The company is the parent's for a sub-account; its newest application decides.
  const [m] = await db.select({ parentId: members.parentId }).from(members).where(eq(members.id, memberId));
  const [q] = await db
    .select({ status: qualifications.status })
    .from(qualifications)
    .where(eq(qualifications.memberId, m?.parentId ?? memberId))
    .orderBy(desc(qualifications.id))
    .limit(1);
  const value = q?.status === 'approved';
  qualifiedCache.set(memberId, value);
  return value;
}

// Purchases by key. The quota here is a hint for refusing early; the commit decides the charge.
// A key is either a purchase's own (its owner calls) or an assignment's: a sub-account's key to
// its main account's purchase (Decision 176), whose calls are recorded under the sub-account and
// limited by the assignment's allotment as well.
const PURCHASE_CACHE_MS = 10_000;
interface PurchaseFacts {
  id: number;
  /** Who calls with this key: the purchase's owner, or the sub-account of an assignment. */
  memberId: number;
  /** The account that bought the purchase (its IP whitelist applies). */
  ownerId: number;
  /** The assignment the key belongs to; null for the purchase's own key. */
  assignmentId: number | null;
  interfaceId: number;
  /** The purchase's calls left, or for an assignment the fewer of those and its allotment's. */
  callsLeft: number;
  /** active, or stopped (the purchase or the assignment). */
  status: string;
  expiresAt: number;
  /** The account and (for a sub-account) its main account are active, not disabled by an operator. */
  accountActive: boolean;
}
const purchaseCache = new Memo<string, PurchaseFacts | null>('purchases', { ms: PURCHASE_CACHE_MS, max: 100_000 });
/** The same facts by purchase id, so a commit can update the quota hint of what it charged. */
const purchaseById = new Memo<number, PurchaseFacts>('purchases', { ms: Number.POSITIVE_INFINITY, max: 100_000 });

const activeAccount = sql<boolean>`${members.status} = 'active' and coalesce((select p.status from ${members} p where p.id = ${members.parentId}), 'active') = 'active'`;

async function purchaseOf(db: Db, key: string): Promise<PurchaseFacts | null> {
  const hit = purchaseCache.get(key);
  if (hit !== undefined) return hit;
  const [own] = await db
    .select({
      id: purchases.id,
      memberId: purchases.memberId,
      interfaceId: purchases.interfaceId,
      callsLeft: purchases.callsLeft,
      status: purchases.status,
      expiresAt: purchases.expiresAt,
      accountActive: activeAccount,
    })
    .from(purchases)
    .innerJoin(members, eq(members.id, purchases.memberId))
    .where(eq(purchases.key, key))
    .limit(1);
  let value: PurchaseFacts | null = own ? { ...own, ownerId: own.memberId, assignmentId: null, expiresAt: own.expiresAt.getTime() } : null;
  if (!own) {
    const [assigned] = await db
      .select({
        id: purchases.id,
        memberId: assignments.memberId,
        ownerId: purchases.memberId,
        assignmentId: assignments.id,
        interfaceId: purchases.interfaceId,
        callsLeft: assignedCallsLeft,
        status: sql<string>`case when ${purchases.status} = 'active' and ${assignments.status} = 'active' then 'active' else 'stopped' end`,
        expiresAt: purchases.expiresAt,
        accountActive: activeAccount,
      })
      .from(assignments)
      .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
      .innerJoin(members, eq(members.id, assignments.memberId))
      .where(eq(assignments.key, key))
      .limit(1);
    value = assigned ? { ...assigned, expiresAt: assigned.expiresAt.getTime() } : null;
  }
  // Unknown keys are remembered too, so guessing keys costs the database nothing.
  purchaseCache.set(key, value);
  if (value && value.assignmentId === null) purchaseById.set(value.id, value);
  return value;
}

/**
 * An assignment's allotment is not reported by the commit: its key's hint counts down here, and
 * a refused charge (allotment, money or purchase spent) refuses early until the facts are reread.
 */
function noteAssignmentCall(key: string, charged: boolean): void {
  const facts = purchaseCache.get(key.trim());
  if (facts) facts.callsLeft = charged ? facts.callsLeft - 1 : 0;
}

/** What the last commit left on the purchases it charged. */
export function notePurchasesAfterCommit(after: Array<{ id: number; callsLeft: number }>): void {
  for (const p of after) {
    const facts = purchaseById.get(p.id);
    if (facts) facts.callsLeft = p.callsLeft;
  }
}

/** Forget what the gateway remembers (tests). Spent nonces are in the database: they stay. */
export function clearGatewayCaches(): void {
  forgetEverything();
  windows.clear();
}

// ── Rate limit per key: a one-second window in this process ──────────────────────────────────
const windows = new Map<string, { second: number; count: number }>();

function overRate(key: string, perSecond: number): boolean {
  const second = Math.floor(Date.now() / 1000);
  const w = windows.get(key);
  if (!w || w.second !== second) {
    if (windows.size > 100_000) windows.clear();
    windows.set(key, { second, count: 1 });
    return false;
  }
  w.count += 1;
  return w.count > perSecond;
}

// ── The call ─────────────────────────────────────────────────────────────────────────────────
interface Outcome {
  code: string;
  message: string;
  data: unknown;
  billable: boolean;
  memberId: number | null;
  purchaseId: number | null;
  /** The assignment whose key was used (a sub-account's call), else null. */
  assignmentId: number | null;
  interfaceId: number | null;
  provider: string;
  /** The business parameters as the call was answered (decrypted in the encrypted mode). */
  params: Record<string, string>;
  /** Seals the answer's data for an account in the encrypted mode. */
  seal?: (data: unknown) => string;
  /** How the suppliers answered it (issue #24), when the interface has them. */
  supplier?: SupplierTrace;
  /** An SDK call answered in its company's transition period (Decision 216): whom to tell of what. */
  graced?: { ownerId: number; interfaceName: string; why: string };
}

/** The fields but the protocol ones (key, signature, sealed data). */
function businessFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (!['key', 'appKey', 'timestamp', 'nonce', 'sign', 'signMethod', 'data'].includes(k)) out[k] = v;
  }
  return out;
}

const NO_APP: DeclaredApp = { platform: '', packageName: '', signature: '' };

const platform = (code: PlatformCode, message: string = PLATFORM_CODES[code]) => ({ code, message, data: null, billable: false });

/**
 * Answer and record a call that ended before its checks: a body that could not be read, no such
 * path, or a failure of the platform itself (SYSTEM_999) — so support finds every seqNo. Nothing
 * the caller sent is kept; a keyless flood over its budget is answered but not recorded.
 */
export async function answerUnread(deps: GatewayDeps, code: PlatformCode, ip: string): Promise<GatewayAnswer> {
  const seqNo = newSeqNo();
  if (deps.addresses && !deps.addresses.admitUnkeyed(ip)) return { code: 'SYSTEM_038', message: PLATFORM_CODES.SYSTEM_038, data: null, seqNo };
  const record = {
    seqNo,
    memberId: null,
    purchaseId: null,
    assignmentId: null,
    interfaceId: null,
    code,
    billable: false,
    latencyMs: 0,
    ip: ip.slice(0, 64),
    params: {},
    provider: '',
  };
  await deps.committer.submit(record).catch((err: unknown) => deps.logger.error({ err, seqNo }, 'an unread call could not be recorded'));
  return { code, message: PLATFORM_CODES[code], data: null, seqNo };
}

export async function handleCall(deps: GatewayDeps, call: GatewayCall): Promise<GatewayAnswer> {
  return (await runCall(deps, call)).answer;
}

/** One call, checked, answered, charged and recorded: what handleCall answers, and what it did. */
export async function runCall(deps: GatewayDeps, call: GatewayCall): Promise<CallResult> {
  const started = performance.now();
  const seqNo = call.seqNo ?? newSeqNo();
  const outcome = await decide(deps, call, (call.fields.key ?? '').trim());
  const latencyMs = Math.round(performance.now() - started);
  if (outcome.memberId === null && call.via !== 'session' && deps.addresses && !deps.addresses.admitUnkeyed(call.ip)) {
    // A stranger's flood of keyless calls is answered but not recorded: it costs no write.
    return { answer: { code: 'SYSTEM_038', message: PLATFORM_CODES.SYSTEM_038, data: null, seqNo }, charged: false, latencyMs };
  }
  if (REFUSED_BEFORE_RATE.has(outcome.code) && overRate(`refused ${call.fields.key ?? ''}`, REFUSED_PER_KEY)) {
    // These refusals come before the key's rate limit, so they do not spend its owner's budget;
    // past a budget of their own they are answered and not recorded: a leaked key sent from
    // elsewhere or by another app cannot flood its owner's records, monitor and alerts.
    return { answer: { code: outcome.code, message: outcome.message, data: null, seqNo }, charged: false, latencyMs };
  }
  const { charged } = await deps.committer.submit({
    seqNo,
    memberId: outcome.memberId,
    purchaseId: outcome.purchaseId,
    assignmentId: outcome.assignmentId,
    interfaceId: outcome.interfaceId,
    code: outcome.code,
    billable: outcome.billable,
    latencyMs,
    ip: call.ip.slice(0, 64),
    params: maskParams(outcome.params),
    provider: outcome.provider,
    supplier: outcome.supplier ?? null,
  });
  if (outcome.assignmentId !== null && outcome.billable) noteAssignmentCall(call.fields.key ?? '', charged);
  const graced = outcome.graced;
  if (graced) {
    tellOfGrace(deps.db, graced.ownerId, graced.interfaceName, graced.why, deps.config.gateway.sdkAppEnforceFrom).catch((err: unknown) =>
      deps.logger.error({ err, memberId: graced.ownerId }, 'the SDK app notice could not be sent'),
    );
  }
  if (outcome.billable && !charged) {
    // Another call took the last one while this one was being answered: no data goes out.
    const { code, message, data } = platform('SYSTEM_002');
    return { answer: { code, message, data, seqNo }, charged: false, latencyMs };
  }
  const data = outcome.seal && outcome.data !== null && outcome.data !== undefined ? outcome.seal(outcome.data) : outcome.data;
  return { answer: { code: outcome.code, message: outcome.message, data, seqNo }, charged: outcome.billable && charged, latencyMs };
}

/** Refusals of a valid key answered before its rate limit (not its address, not its app), and how many a second are recorded. */
const REFUSED_BEFORE_RATE = new Set(['SYSTEM_012', 'SYSTEM_048']);
const REFUSED_PER_KEY = 5;

/** Most fields a call may send, and the longest name: beyond these nothing is a real parameter. */
export const FIELD_LIMITS = { count: 100, nameLength: 64 } as const;

/** Control characters, too many fields or too long a name (Decisions 123–124): the platform code to answer. */
function fieldProblem(params: Record<string, string>): { code: PlatformCode; message: string } | null {
  const names = Object.keys(params);
  if (names.length > FIELD_LIMITS.count || names.some((n) => n.length > FIELD_LIMITS.nameLength)) {
    return { code: 'SYSTEM_046', message: PLATFORM_CODES.SYSTEM_046 };
  }
  for (const [name, value] of Object.entries(params)) {
    if (hasForbiddenCharacters(name)) return { code: 'SYSTEM_042', message: `参数格式错误：${INPUT_GUARD_MSG.controlName}` };
    const problem = textProblem(value, name);
    if (problem) return { code: 'SYSTEM_042', message: `参数格式错误：${problem}` };
  }
  return null;
}

/** Every check, then the provider: what the answer will be, before it is charged and recorded. */
async function decide(deps: GatewayDeps, call: GatewayCall, key: string): Promise<Outcome> {
  // Until a key is found and the call opened, nothing the caller sent is kept: anyone can send it.
  const none = { memberId: null, purchaseId: null, assignmentId: null, interfaceId: null, provider: '', params: {} };
  if (!key) return { ...platform('SYSTEM_000'), ...none };
  // A key is 43 base64url characters: anything far from that is no key, and is not looked up
  // (a NUL or a broken character would not even reach the database as text).
  if (key.length > 128 || hasForbiddenCharacters(key)) return { ...platform('SYSTEM_001'), ...none };
  const purchase = await purchaseOf(deps.db, key);
  if (!purchase) return { ...platform('SYSTEM_001'), ...none };

  // The account's signed/encrypted mode comes first: an unsigned caller learns nothing more.
  // A disabled account (or one whose main account is disabled) calls nothing, charged nothing.
  const mine = { memberId: purchase.memberId, purchaseId: purchase.id, assignmentId: purchase.assignmentId };
  if (!purchase.accountActive) return { ...platform('SYSTEM_005'), ...none, ...mine };
  // What the caller sent, before signed mode reads it (a nonce is a database key) and after it
  // decrypted anything (below): no control character, broken text, or junk field count.
  const raw = fieldProblem(call.fields);
  if (raw) return { ...platform(raw.code, raw.message), ...none, ...mine };
  const bySession = call.via === 'session';
  const opened = bySession
    ? { ok: true as const, params: businessFields(call.fields), seal: undefined }
    : await openCall(deps.db, deps.config, purchase.memberId, call.fields);
  const who: Pick<Outcome, 'memberId' | 'purchaseId' | 'assignmentId' | 'interfaceId' | 'provider' | 'params'> = { ...none, ...mine };
  if (!opened.ok) return { ...platform(opened.code, opened.message), ...who };
  const malformed = fieldProblem(opened.params);
  if (malformed) return { ...platform(malformed.code, malformed.message), ...who };
  who.params = opened.params;
  const params = opened.params;
  const seal = opened.seal;

  const id = /^\d{1,9}$/.test(call.interfaceId) ? Number(call.interfaceId) : 0;
  const iface = id ? await interfaceOf(deps.db, id) : null;
  if (!iface || iface.path !== `/${call.domain}/${call.sub}/${call.interfaceId}`) return { ...platform('SYSTEM_004'), ...who };
  const here = { ...who, interfaceId: id, seal };
  if (purchase.interfaceId !== id) return { ...platform('SYSTEM_025'), ...here };
  if (!iface.onSale) return { ...platform('SYSTEM_015'), ...here };
  if (purchase.status !== 'active') return { ...platform('SYSTEM_003'), ...here };
  if (purchase.callsLeft <= 0 || purchase.expiresAt <= Date.now()) return { ...platform('SYSTEM_002'), ...here };
  if (iface.enterpriseOnly && !(await isQualified(deps.db, purchase.memberId))) return { ...platform('SYSTEM_008'), ...here };
  if (!bySession && !(await ipAllowed(deps.db, purchase.ownerId, id, call.ip))) return { ...platform('SYSTEM_012'), ...here };
  // An SDK interface answers only the apps the buyer registered and enabled (a session's call is
  // the platform's own for the owner, not an app's: 在线测试, 在线查询, batch).
  let graced: Outcome['graced'];
  if (iface.sdk && !bySession) {
    const verdict = await appVerdict(deps.db, purchase.ownerId, call.app ?? NO_APP, deps.config.gateway.sdkAppEnforceFrom);
    if (verdict.kind === 'refuse') return { ...platform('SYSTEM_048', verdict.message), ...here };
    if (verdict.kind === 'grace') graced = { ownerId: purchase.ownerId, interfaceName: iface.spec.interfaceName, why: verdict.message };
  }
  if (overRate(key, deps.ratePerKey)) return { ...platform('SYSTEM_038'), ...here };

  const problem = checkParams(iface.spec, params);
  if (problem?.kind === 'missing') return { ...platform('SYSTEM_011', `缺少必填参数：${problem.param}`), ...here };
  if (problem?.kind === 'format') return { ...platform('SYSTEM_042', `参数格式错误：${problem.param}`), ...here };

  const provider = deps.providerFor(id);
  const known = Object.fromEntries(iface.spec.params.map((p) => [p.name, (params[p.name] ?? '').trim()]));
  try {
    // The deadline, not a timer: only a call that goes to suppliers needs one (the router's).
    const answer = await provider.call(iface.spec, known, { deadlineAt: Date.now() + deps.upstreamTimeoutMs });
    const declared = iface.spec.codes.find((c) => c.code === answer.code);
    return {
      code: answer.code,
      message: answer.message,
      data: answer.code === GATEWAY_SUCCESS || declared ? answer.data : null,
      billable: declared?.billable ?? false,
      ...here,
      provider: answer.by ?? provider.name,
      supplier: answer.supplier,
      graced,
    };
  } catch (err) {
    // The suppliers tried, when the interface has them: the record says which failed and how long each took.
    const supplier = err instanceof UpstreamTimeout || err instanceof UpstreamRefused || err instanceof UpstreamBusy ? err.supplier : undefined;
    const failed = { ...here, provider: supplier ? '' : provider.name, supplier };
    if (err instanceof UpstreamTimeout || (err instanceof Error && err.name === 'TimeoutError')) return { ...platform('SYSTEM_027'), ...failed };
    if (err instanceof UpstreamRefused) return { ...platform('SYSTEM_028'), ...failed };
    if (err instanceof UpstreamBusy) return { ...platform('SYSTEM_038'), ...failed };
    deps.logger.error({ err, interfaceId: id }, 'provider failed');
    return { ...platform('SYSTEM_999'), ...failed };
  }
}
