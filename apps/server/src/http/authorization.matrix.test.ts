// The authorization matrix (issue #20): generated from the declared calls, so a call added to
// the contracts is in it without anyone remembering to add it. Every call that needs a session
// ('member', 'qualified', 'companyView') is sent, with input built from its declaration (each id
// field holding the victim's id, every other field a valid value), by each actor:
//   - nobody, a sub-account disabled since it logged in, and (last) a sub-account whose main
//     account was disabled: the not-logged-in answer, ALL_0024;
//   - another company's main account, a sibling sub-account, and a sub-account against its own
//     main account: no answer carries text that only the victim's private records hold, and no
//     row of the victim's accounts changes; another company's ids are refused exactly as ids
//     that exist nowhere;
//   - the main account against its own sub-account in the sub-account and assignment calls:
//     success, so the matrix can tell allowed from refused.
// A control pass shows each marker to its owner, so a leak would be seen. An id field the table
// below does not classify fails the test. Calls whose routes are not registered yet are listed
// and left out until they are.
import { type Call, callPath } from '@apimarket/contracts';
import { callGroups } from '@apimarket/contracts/calls';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { members } from '../db/schema';
import { settleAlerts } from '../modules/alerts/alerts.engine';
import { creditCode } from '../test/account';
import { fileTestApp } from '../test/harness';
import { get, post, postMultipart } from '../test/identity';
import { readXlsx } from '../test/xlsx';
import { companySnapshot, type IdKind, makeParties, type Party, type Victim } from './authorization.fixtures';

const t = fileTestApp();

interface Declared {
  id: string;
  group: string;
  call: Call;
}

const GUARDED = new Set(['member', 'qualified', 'companyView']);
const LAST = new Set(['qualificationApi.revoke']);
const DECLARED: Declared[] = callGroups()
  .flatMap((g) => g.calls.map((c) => ({ id: `${g.group}.${c.name}`, group: g.group, call: c.call })))
  .filter((d) => typeof d.call.access === 'string' && GUARDED.has(d.call.access))
  // Calls that take away the actor's own standing go last (revoking the authentication).
  .sort((a, b) => Number(LAST.has(a.id)) - Number(LAST.has(b.id)));

/** Calls the attacking actors do not send, and why (the anonymous and disabled rows still do). */
const NOT_SENT: Record<string, string> = {
  'onlineApi.addBatchJob': 'multipart upload: the purchase is read with the file (another account’s purchase: online.routes.test.ts)',
  'onlineApi.updateBatchJob': 'multipart upload: the job is read with the file (another account’s job: batch-growth.test.ts)',
  'qualificationApi.submit': 'multipart upload of the actor’s own enterprise authentication: addresses no one else’s record',
  'transportApi.subscribe': 'multipart upload of the actor’s own vehicles: addresses no one else’s record',
};

// ── ids ──────────────────────────────────────────────────────────────────────────────────────
/** A field named like an id, a list of ids or a record number. */
const ID_LIKE = /^(id|ids)$|Ids?$|No$/;
/** What a named id field addresses, whatever the call. */
const FIELD_KIND: Record<string, IdKind[]> = {
  purchaseId: ['purchase'],
  orderNo: ['order', 'paidOrder'],
  jobId: ['job'],
  subAccountId: ['sub'],
  subAccountIds: ['sub'],
  childId: ['sub'],
  memberId: ['member'],
  interfaceId: ['interface'],
  interfaceIds: ['interface'],
  packageId: ['package'],
  titleId: ['title'],
  paymentNo: ['payment'],
  seqNo: ['call'],
  subscriptionId: ['vehicle'],
  subscriptionIds: ['vehicle'],
  fenceId: ['fence'],
};
/** What `id` or `ids` addresses in each call (a call with such a field missing here fails the test). */
const ID_KIND: Record<string, IdKind> = {
  'accountApi.message': 'message',
  'accountApi.markRead': 'message',
  'alertsApi.remainingStatus': 'remainingRule',
  'alertsApi.dailyStatus': 'dailyRule',
  'alertsApi.errorRate': 'errorRateRule',
  'alertsApi.saveErrorRate': 'errorRateRule',
  'alertsApi.errorRateStatus': 'errorRateRule',
  'alertsApi.deleteErrorRate': 'errorRateRule',
  'alertsApi.verifyContact': 'contact',
  'alertsApi.deleteContact': 'contact',
  'alertsApi.sendContactCode': 'contact',
  'invoicesApi.saveTitle': 'title',
  'invoicesApi.deleteTitle': 'title',
  'invoicesApi.setDefaultTitle': 'title',
  'invoicesApi.download': 'invoice',
  'productsApi.changeState': 'assignment',
  'productsApi.batchChangeState': 'assignment',
  'productsApi.detail': 'assignment',
  'qualificationApi.licence': 'qualification',
  'whitelistApi.drop': 'binding',
  'transportApi.update': 'vehicle',
  'transportApi.cancel': 'vehicle',
  'transportApi.query': 'vehicle',
  'transportApi.queryHistory': 'vehicle',
  'transportApi.trajectory': 'vehicle',
  'transportApi.shareTrajectory': 'vehicle',
  'transportApi.updateFence': 'fence',
  'transportApi.deleteFence': 'fence',
  'packageNamesApi.save': 'packageName',
  'packageNamesApi.updateStatus': 'packageName',
  'insuranceApi.truckCycles': 'insuranceQuery',
  'insuranceApi.accessLog': 'insuranceQuery',
  'capacityApi.detail': 'capacityQuery',
  'judicialApi.detail': 'judicialQuery',
  'judicialApi.json': 'judicialQuery',
};
/** Groups whose `id` is always one kind. */
// A receipt's `id` is a batch job with type 0 (the value sent for a choice: HARMFUL) and a query
// report with type 1; another company's report is refused in receipts.routes.test.ts.
const GROUP_ID_KIND: Record<string, IdKind> = { purchasesApi: 'purchase', subAccountsApi: 'sub', receiptsApi: 'job' };

/**
 * Named like a number but addressing no record: what the caller types, or a row's number inside
 * the job its `jobId` addresses (the job is what is owned).
 */
const NOT_AN_ID = new Set(['taxNo', 'rowNo']);

function kindsOf(d: Declared, field: string): IdKind[] | null {
  if (FIELD_KIND[field]) return FIELD_KIND[field];
  if (field === 'id' || field === 'ids') {
    const kind = ID_KIND[d.id] ?? GROUP_ID_KIND[d.group];
    return kind ? [kind] : null;
  }
  return null;
}

// ── minimal valid values ─────────────────────────────────────────────────────────────────────
const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
/** Values by field name where the type alone says too little (a phone, a day, a password…); a list: each is sent. */
const BY_NAME: Record<string, string | string[]> = {
  pageNum: '1',
  pageSize: '10',
  pageIndex: '1',
  oldPassword: 'not-the-password1',
  password: 'abc12345',
  checkPass: 'abc12345',
  mobile: '13800138000',
  phone: '13800138000',
  contactPhone: '13800138000',
  contactMobile: '13800138000',
  smsCode: '123456',
  captcha: 'ab12',
  uuid: '00000000-0000-0000-0000-000000000000',
  email: 'matrix@example.com',
  amount: '1.00',
  transferRef: 'MATRIX0001',
  payerName: '矩阵测试有限公司',
  startDate: today,
  endDate: today,
  month: today.slice(0, 7),
  ip: '203.0.113.5',
  callbackUrl: 'https://example.com/callback',
  name: '矩阵',
  contacter: '矩阵',
  contactName: '矩阵',
  companyName: '矩阵测试有限公司',
  legalPerson: '张三',
  loginName: `matrix${Date.now() % 1_000_000}`,
  threshold: '5',
  rate: '50',
  windowMinutes: '10',
  calls: '10',
  purpose: '矩阵测试的用途说明文字',
  reason: '矩阵测试的退款原因',
  address: '上海市浦东新区',
  bankName: '中国银行',
  bankAccount: '6222020000000000',
  taxNo: creditCode(),
  creditCode: creditCode(),
  codes: 'SYSTEM_002',
  params: '{}',
  interfaceName: '',
  keyword: '',
  subCompanyName: '',
  plateNumber: '浙A8F2C6',
  plateColor: '2',
  // A window of a track or of fence events: yesterday morning (in the past, within 72 hours).
  startTime: `${yesterday} 06:00:00`,
  endTime: `${yesterday} 12:00:00`,
  center: '[120.21,30.21]',
  radius: '1000',
  points: '[[120.1,30.1],[120.3,30.1],[120.2,30.3]]',
  // The list and its download.
  export: ['0', '1'],
  template: ['0', '1'],
  unread: '0',
  all: '0',
  code: '',
  format: 'pdf',
  receiptName: 'name',
  consent: '1',
};
/** For a choice, the value that would do the most to someone else's record if a refusal were missing. */
const HARMFUL = ['disable', 'stop', 'off', '0', 'false'];

type Json = Record<string, unknown>;

function propertiesOf(schema: z.ZodType): Record<string, Json> {
  try {
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
    // An object, or a choice of objects (a discriminated union): the first that has fields.
    const pick = (node: Json): Json =>
      node.properties
        ? node
        : ([...((node.allOf ?? []) as Json[]), ...((node.oneOf ?? []) as Json[]), ...((node.anyOf ?? []) as Json[])].find((n) => n.properties) ?? node);
    const node = pick(js);
    return (node.properties ?? {}) as Record<string, Json>;
  } catch {
    return {};
  }
}

/** Where one call reads a field unlike the others of its name: the fence list's name is a filter, left empty. */
const BY_CALL: Record<string, Record<string, string>> = {
  'transportApi.fences': { name: '' },
  // Filters left open, so the owner's records are in the answer; a judicial query names one of the five.
  'packageNamesApi.list': { platform: '', keyword: '' },
  'insuranceApi.accessHistory': { model: '', grade: '', subject: '' },
  'judicialApi.list': { interfaceId: '', subject: '' },
  'capacityApi.history': { company: '' },
  'judicialApi.query': { interfaceId: '9839', name: '王小明', idcard: '110105199003070025' },
  'packageNamesApi.save': { packageName: 'com.example.app', signature: 'AB'.repeat(32) },
};

function valueOfType(schema: Json): string {
  const choices = (schema.enum ?? (schema.anyOf as Json[] | undefined)?.flatMap((s) => (s.enum as unknown[]) ?? (s.const !== undefined ? [s.const] : []))) as
    | unknown[]
    | undefined;
  if (choices && choices.length > 0) return String(choices.find((c) => HARMFUL.includes(String(c))) ?? choices[0]);
  if (schema.const !== undefined) return String(schema.const);
  const type = schema.type ?? (schema.anyOf as Json[] | undefined)?.find((s) => s.type && s.type !== 'null')?.type;
  if (type === 'boolean') return 'false';
  if (type === 'integer' || type === 'number') return String(typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1);
  if (type === 'array') return valueOfType((schema.items ?? {}) as Json);
  if (typeof schema.minLength === 'number' && schema.minLength > 1) return '矩'.repeat(schema.minLength);
  return '1';
}

/**
 * The inputs to send: every id field with each of the victim's ids of its kind (one input per
 * combination), every other field with a minimal valid value; and the id fields nobody classified.
 */
function inputsFor(d: Declared, victim: Victim, overrides: Record<string, string> = {}): { inputs: Array<Record<string, string>>; unclassified: string[] } {
  const props = propertiesOf(d.call.input);
  const params = [...d.call.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const names = [...new Set([...Object.keys(props), ...params])];
  const unclassified: string[] = [];
  let inputs: Array<Record<string, string>> = [{}];
  for (const name of names) {
    let values: string[];
    if (overrides[name] !== undefined) values = [overrides[name]];
    // A call's own value comes first: an id-like field it names is a public choice there (the five
    // judicial interfaces, any of which anyone may name), not a record someone owns.
    else if (BY_CALL[d.id]?.[name] !== undefined) values = [BY_CALL[d.id]?.[name] ?? ''];
    else if (ID_LIKE.test(name) && !NOT_AN_ID.has(name)) {
      const kinds = kindsOf(d, name);
      if (!kinds) {
        unclassified.push(`${d.id}.${name}`);
        values = ['1'];
      } else values = kinds.map((k) => victim.ids[k] ?? '').filter(Boolean);
      if (values.length === 0) values = ['1'];
    } else values = [BY_CALL[d.id]?.[name] ?? BY_NAME[name] ?? valueOfType(props[name] ?? {})].flat();
    inputs = inputs.flatMap((input) => values.map((v) => (v === '' ? input : { ...input, [name]: v })));
  }
  return { inputs, unclassified };
}

// ── sending ──────────────────────────────────────────────────────────────────────────────────
function send(d: Declared, input: Record<string, string>, cookies: Record<string, string>): Promise<LightMyRequestResponse> {
  const { path, rest: fields } = callPath(d.call, input);
  const rest = fields as Record<string, string>;
  const route = path.replace(/^\//, '');
  if (d.call.method === 'GET') return get(t, route, rest, { cookies });
  if (d.call.body === 'multipart') return postMultipart(t, route, rest, undefined, { cookies });
  return post(t, route, rest, { cookies });
}

/** The answer as text a person could read: the body, and a spreadsheet's cells. */
async function answerText(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 300 && type.includes('spreadsheetml')) {
    const rows = await readXlsx(res.rawPayload);
    return rows.map((r) => r.join('\t')).join('\n');
  }
  return res.body;
}

// ── the parties ──────────────────────────────────────────────────────────────────────────────
let P: Awaited<ReturnType<typeof makeParties>>;
/** Calls whose route exists in this build. */
let served: Declared[] = [];
let pending: string[] = [];

beforeAll(async () => {
  P = await makeParties(t);
  const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
  served = DECLARED.filter((d) => registered.has(`${d.call.method} /apiHome${d.call.path}`));
  pending = DECLARED.filter((d) => !served.includes(d)).map((d) => d.id);
}, 120_000);

const ATTACKS = 3;
describe(`authorization matrix: ${DECLARED.length} guarded calls × ${2 + ATTACKS} actors (anonymous, disabled sub-account, another company, sibling, sub-account on its main) + the main account on its sub-account`, () => {
  it('classifies every id field of every guarded call', () => {
    // A call that is not served yet is listed, so a missing route never passes unnoticed.
    console.info(`authorization matrix: ${served.length} of ${DECLARED.length} guarded calls served; not yet: ${pending.join(', ') || 'none'}`);
    // Inputs the declaration itself refuses reach no record: listed, so the values can be mended.
    const invalid = DECLARED.flatMap((d) =>
      inputsFor(d, P.victims.companyA).inputs.flatMap((input) => {
        const parsed = d.call.input.safeParse(input);
        return parsed.success ? [] : [`${d.id}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
      }),
    );
    const unclassified = DECLARED.flatMap((d) => inputsFor(d, P.victims.companyA).unclassified);
    expect(unclassified, 'add each to FIELD_KIND or ID_KIND: which record does it address?').toEqual([]);
    expect(invalid, 'give the field a value in BY_NAME').toEqual([]);
  });

  it('answers ALL_0024 to a caller without a session, and to a disabled sub-account’s old session', async () => {
    const wrong: string[] = [];
    for (const [who, cookies] of [
      ['anonymous', {}],
      ['disabled S3', P.S3.cookies],
    ] as const) {
      for (const d of served) {
        const [input = {}] = inputsFor(d, P.victims.companyA).inputs;
        const res = await send(d, input, cookies);
        const body = res.body.startsWith('{') ? res.json() : {};
        if (res.statusCode !== 401 || body.code !== 'ALL_0024') wrong.push(`${who} ${d.id} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  /** Sends every served call as `actor` with the victim's ids; answers what leaked, and a tally. */
  const attack = async (actor: Party, victim: Victim) => {
    const leaks: string[] = [];
    const tally: Record<string, number> = {};
    for (const d of served) {
      if (NOT_SENT[d.id]) continue;
      for (const input of inputsFor(d, victim).inputs) {
        const res = await send(d, input, actor.cookies);
        const text = await answerText(res);
        const seen = victim.markers.filter((m) => text.includes(m));
        const body = res.body.startsWith('{') ? (res.json() as { code?: unknown; msg?: unknown }) : {};
        const outcome = res.statusCode < 300 ? '2xx' : String(body.code ?? res.statusCode);
        tally[outcome] = (tally[outcome] ?? 0) + 1;
        // MATRIX_DEBUG=1: each refusal that is not about access, to mend the values sent.
        if (process.env.MATRIX_DEBUG && res.statusCode >= 300 && !['ALL_0010', 'ALL_0011'].includes(String(body.code)))
          console.info(`DEBUG ${actor.label} ${d.id} ${JSON.stringify(input)} → ${res.body.slice(0, 160)}`);
        if (res.statusCode >= 500) leaks.push(`${actor.label} ${d.id} ${JSON.stringify(input)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (seen.length > 0) leaks.push(`${actor.label} ${d.id} ${JSON.stringify(input)} → ${res.statusCode} shows ${victim.label}'s ${seen.join(', ')}`);
      }
    }
    return { leaks, tally };
  };

  /** The attack leaves every row of the victims' accounts as it was. */
  const unchanged = async (actor: Party, victim: Victim, victimIds: number[]) => {
    // The alert engine evaluates an account a moment after its calls: the fixtures' calls must
    // have been evaluated before the first snapshot, and anything the attack set off before the second.
    await settleAlerts();
    const before = await companySnapshot(t, victimIds);
    const run = await attack(actor, victim);
    await settleAlerts();
    const after = await companySnapshot(t, victimIds);
    const changed = Object.keys(before).filter((k) => JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]));
    console.info(`authorization matrix, ${actor.label}: ${JSON.stringify(run.tally)}`);
    return { ...run, changed };
  };

  it('another company’s main account sees and changes nothing of company A (main and sub-accounts)', async () => {
    const { leaks, changed } = await unchanged(P.B, P.victims.companyA, [P.A.memberId, P.S1.memberId, P.S2.memberId]);
    expect(leaks).toEqual([]);
    expect(changed).toEqual([]);
  }, 120_000);

  it('a sub-account sees and changes nothing of its sibling', async () => {
    const { leaks, changed } = await unchanged(P.S2, P.victims.subS1, [P.A.memberId, P.S1.memberId]);
    expect(leaks).toEqual([]);
    expect(changed).toEqual([]);
  }, 120_000);

  it('a sub-account sees and changes nothing of its main account’s own records', async () => {
    const { leaks, changed } = await unchanged(P.S1, P.victims.mainA, [P.A.memberId, P.S2.memberId]);
    expect(leaks).toEqual([]);
    expect(changed).toEqual([]);
  }, 120_000);

  // The leak checks above mean something only if each marker shows where it belongs: every
  // marker must appear in some answer its owner reads (lists, downloads, GETs and the reads
  // named here), sent before anything below changes the records.
  const CONTROL_READS = new Set(['paymentsApi.status', 'accountApi.summary', 'accountApi.message', 'qualificationApi.contacts']);
  it('shows every marker to its owner (so the checks above can see a leak)', async () => {
    const seen = new Set<string>();
    const reads = served.filter((d) => 'rows' in d.call.answer || 'file' in d.call.answer || d.call.method === 'GET' || CONTROL_READS.has(d.id));
    for (const [owner, victim] of [
      [P.A, P.victims.companyA],
      [P.S1, P.victims.subS1],
      [P.S2, P.victims.subS2],
    ] as const) {
      for (const d of reads) {
        for (const input of inputsFor(d, victim).inputs) {
          const text = await answerText(await send(d, input, owner.cookies));
          for (const m of P.victims.companyA.markers) if (text.includes(m)) seen.add(m);
        }
      }
    }
    // Phone numbers are shown masked (138****8000) even to their owner; a whole one anywhere is a leak in itself.
    const shown = P.victims.companyA.markers.filter((m) => !/^1\d{10}$/.test(m));
    expect(shown.filter((m) => !seen.has(m))).toEqual([]);
  }, 60_000);

  // Another company learns nothing from a refusal either: an id of company A is answered exactly
  // as an id that exists nowhere (no "forbidden" where a missing record says "not found").
  const GHOST: Partial<Record<IdKind, string>> = {
    order: 'D20000101000000ZZZZZZ',
    paidOrder: 'D20000101000000ZZZZZZ',
    payment: 'P20000101000000ZZZZZZ',
    call: 'FFFFFFFFFFFFFFFFFFFF',
  };
  const PUBLIC_KINDS = new Set<IdKind>(['interface', 'package']);
  it('answers another company’s ids exactly as ids that exist nowhere', async () => {
    const victim = P.victims.companyA;
    const ghostIds = Object.fromEntries(
      Object.keys(victim.ids).map((k) => [k, PUBLIC_KINDS.has(k as IdKind) ? victim.ids[k as IdKind] : (GHOST[k as IdKind] ?? '2147480000')]),
    );
    const ghost: Victim = { ...victim, ids: ghostIds };
    const differ: string[] = [];
    const outcome = (res: LightMyRequestResponse) => {
      const body = res.body.startsWith('{') ? (res.json() as { code?: unknown; msg?: unknown }) : {};
      return res.statusCode < 300 ? `${res.statusCode}` : `${res.statusCode} ${body.code} ${body.msg}`;
    };
    let compared = 0;
    for (const d of served) {
      if (NOT_SENT[d.id]) continue;
      const real = inputsFor(d, victim).inputs;
      const none = inputsFor(d, ghost).inputs;
      if (JSON.stringify(real) === JSON.stringify(none)) continue; // no private id in this call
      for (const [i, input] of real.entries()) {
        const a = outcome(await send(d, input, P.B.cookies));
        const b = outcome(await send(d, none[i] ?? {}, P.B.cookies));
        compared++;
        if (a !== b) differ.push(`${d.id} ${JSON.stringify(input)}: ${a} | nowhere: ${b}`);
      }
    }
    console.info(`authorization matrix, 乙: ${compared} id-addressed requests compared with ids that exist nowhere`);
    expect(differ).toEqual([]);
  }, 60_000);

  /** What the main account sends to manage its own sub-account, where the least harmful choice is not the right one. */
  const ALLOWED_INPUT: Record<string, Record<string, string>> = {
    'subAccountsApi.changeState': { action: 'disable' },
    'subAccountsApi.saveBillingMode': { billingMode: 'calls' },
    'subAccountsApi.resetPassword': { passwordDelivery: 'show' },
    'subAccountsApi.save': { passwordDelivery: 'show', mobile: '13800138001' },
    'productsApi.changeState': { action: 'stop' },
    'productsApi.batchChangeState': { action: 'resume' },
  };
  /** Run last: they end the sub-account's use. */
  const ALLOWED_LAST = new Set(['subAccountsApi.changeState']);

  it('the main account may manage its own sub-account in every sub-account and assignment call', async () => {
    const mine = served
      .filter((d) => d.group === 'subAccountsApi' || d.group === 'productsApi')
      .sort((a, b) => Number(ALLOWED_LAST.has(a.id)) - Number(ALLOWED_LAST.has(b.id)));
    const refused: string[] = [];
    const before = await companySnapshot(t, [P.S1.memberId]);
    for (const d of mine) {
      for (const input of inputsFor(d, P.victims.subS1, ALLOWED_INPUT[d.id]).inputs) {
        const res = await send(d, input, P.A.cookies);
        if (res.statusCode >= 300) refused.push(`${d.id} ${JSON.stringify(input)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.info(`authorization matrix, 甲 on 子一: ${mine.length} sub-account calls served`);
    expect(refused).toEqual([]);
    // …and the snapshot the refusals were held to does see such changes.
    if (mine.some((d) => d.id === 'subAccountsApi.changeState')) {
      const after = await companySnapshot(t, [P.S1.memberId]);
      expect(JSON.stringify(after.members)).not.toBe(JSON.stringify(before.members));
      expect(JSON.stringify(after.sessions)).not.toBe(JSON.stringify(before.sessions));
    }
  }, 60_000);

  it('ends the sessions of a disabled main account’s sub-accounts', async () => {
    await t.database.db.update(members).set({ status: 'disabled' }).where(eq(members.id, P.A.memberId));
    const wrong: string[] = [];
    for (const d of served) {
      const [input = {}] = inputsFor(d, P.victims.subS1).inputs;
      const res = await send(d, input, P.S2.cookies);
      if (res.statusCode !== 401 || !res.body.includes('"ALL_0024"')) wrong.push(`${d.id} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
