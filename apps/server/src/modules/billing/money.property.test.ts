// Money under random use (issue #19): fast-check drives sequences of what a customer and the
// operator do — recharge by transfer or online (the sandbox provider, its notification sent twice),
// buy from the balance or pay an order online, call, take the free trial, a paid test (approved,
// later expired), automatic renewal, order and whole-purchase refunds approved or rejected,
// adjustments — through the real
// routes and services on PGlite. A model beside it knows which calls of the purchase are test,
// trial and bought calls of which order (the gateway takes test calls, then trial calls, then the
// oldest order's), and after every step the database must agree:
// - the balance is the sum of the ledger, and each row's balance is the one before plus its amount;
// - a refund returns only bought calls that were never used, at most their order's price share,
//   and no order ever returns more calls or money than it sold;
// - every call the purchase lost is one charged call record (nothing charged twice or for free).
import { randomUUID } from 'node:crypto';
import { chinaDay, fenToYuanInput, formatFen } from '@apimarket/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands';
import { callRecords, invoices, ledger, orders, payments, payTests, purchases, refundLines, refunds } from '../../db/schema';
import { creditCode, qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, TEST_POSTGRES_URL, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { readSheet } from '../../test/xlsx';
import { adjustBalance } from '../console/accounts.service';
import { decideInvoiceInQueue, uploadPdf } from '../console/invoices.service';
import { CLI_ACTOR } from '../console/operators.service';
import { figuresOf } from '../invoices/invoices.service';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { expirePayTests } from '../paytest/paytest.service';
import { fixtures } from '../purchases/purchases.fixtures';
import { proportionalFen } from '../purchases/refund-rule';
import { renewDue } from '../purchases/renewal.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const f = fixtures(() => t);
const db = () => t.database.db;
const run = (...argv: string[]) => runCommand({ db: db() }, argv);

type Step =
  | { op: 'recharge'; yuan: number }
  | { op: 'payOnline'; yuan: number }
  | { op: 'buy'; pkg: number }
  | { op: 'buyOnline'; pkg: number }
  | { op: 'call'; n: number }
  | { op: 'trial' }
  | { op: 'paytest'; calls: number }
  | { op: 'expireTest' }
  | { op: 'renew'; pkg: number }
  | { op: 'refundOrder'; pick: number; approve: boolean }
  | { op: 'refundAll'; approve: boolean }
  | { op: 'adjust'; yuan: number; up: boolean }
  | { op: 'invoice'; share: number; over: boolean; issue: boolean }
  | { op: 'issueWaiting' };

// Weighted towards what moves calls and money, so that trials, calls and refunds meet often.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ op: fc.constant('recharge' as const), yuan: fc.integer({ min: 1, max: 2000 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('payOnline' as const), yuan: fc.integer({ min: 1, max: 2000 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('buy' as const), pkg: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('buyOnline' as const), pkg: fc.nat(3) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('call' as const), n: fc.integer({ min: 1, max: 12 }) }) },
  { weight: 2, arbitrary: fc.constant({ op: 'trial' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('paytest' as const), calls: fc.integer({ min: 10, max: 40 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'expireTest' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('renew' as const), pkg: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('refundOrder' as const), pick: fc.nat(5), approve: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('refundAll' as const), approve: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('adjust' as const), yuan: fc.integer({ min: 1, max: 500 }), up: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('invoice' as const), share: fc.integer({ min: 1, max: 100 }), over: fc.boolean(), issue: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'issueWaiting' as const }) },
);

/** What the purchase holds, by sort: the gateway's order of taking them is the model's. */
interface Model {
  test: number;
  trial: number;
  /** Bought calls not used yet, by order id, oldest order first. */
  lots: Array<{ orderId: number; calls: number; priceFen: number; unused: number }>;
}

function consume(m: Model, n: number) {
  let left = n;
  const fromTest = Math.min(left, m.test);
  m.test -= fromTest;
  left -= fromTest;
  const fromTrial = Math.min(left, m.trial);
  m.trial -= fromTrial;
  left -= fromTrial;
  for (const lot of m.lots) {
    const take = Math.min(left, lot.unused);
    lot.unused -= take;
    left -= take;
  }
  expect(left, 'the purchase lost more calls than it held').toBe(0);
}

const held = (m: Model) => m.test + m.trial + m.lots.reduce((s, l) => s + l.unused, 0);

async function purchaseOf(a: TestAccount) {
  const [p] = await db()
    .select()
    .from(purchases)
    .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, 1882)));
  return p ?? null;
}

async function chargedCalls(a: TestAccount): Promise<number> {
  const [row] = await db()
    .select({ n: sql<string>`count(*)::text` })
    .from(callRecords)
    .where(and(eq(callRecords.memberId, a.memberId), eq(callRecords.charged, 1)));
  return Number(row?.n ?? 0);
}

/** The invariants every step must leave true. */
async function holds(a: TestAccount, m: Model, charged: number) {
  const rows = await db().select().from(ledger).where(eq(ledger.memberId, a.memberId)).orderBy(asc(ledger.id));
  let running = 0;
  for (const r of rows) {
    running += r.amountFen;
    expect(r.balanceAfterFen, `ledger row ${r.id} (${r.kind}) carries the running balance`).toBe(running);
  }
  expect(await f.balance(a), 'balance = Σ ledger').toBe(running);

  const p = await purchaseOf(a);
  expect(p?.callsLeft ?? 0, 'the purchase holds what the model holds').toBe(held(m));
  expect(p?.testCallsLeft ?? 0).toBe(m.test);
  expect(p?.trialCallsLeft ?? 0).toBe(m.trial);
  expect(await chargedCalls(a), 'each call taken is one charged record').toBe(charged);

  const sold = await db()
    .select({
      id: orders.id,
      calls: orders.calls,
      priceFen: orders.priceFen,
      refundedCalls: sql<string>`coalesce(sum(${refundLines.calls}), 0)::text`,
      refundedFen: sql<string>`coalesce(sum(${refundLines.amountFen}), 0)::text`,
    })
    .from(orders)
    .leftJoin(refundLines, eq(refundLines.orderId, orders.id))
    .where(eq(orders.memberId, a.memberId))
    .groupBy(orders.id);
  const inv = await figuresOf(db(), a.memberId);
  // Requests still waiting may outgrow a later refund; issued invoices (less red ones) never do.
  expect(inv.issuedFen, 'issued less red ≤ spent − refunded').toBeLessThanOrEqual(inv.spentFen - inv.refundedFen);
  for (const o of sold) {
    expect(Number(o.refundedCalls), `order ${o.id} refunds at most the calls it sold`).toBeLessThanOrEqual(o.calls);
    expect(Number(o.refundedFen), `order ${o.id} refunds at most its price`).toBeLessThanOrEqual(o.priceFen);
  }
}

async function decideNewest(a: TestAccount, m: Model, approve: boolean) {
  const [open] = await db()
    .select()
    .from(refunds)
    .where(and(eq(refunds.memberId, a.memberId), eq(refunds.status, 'requested')));
  if (!open) return;
  // What the customer was quoted: only unused bought calls, at their orders' prices.
  const lots = open.scope === 'order' ? m.lots.filter((l) => l.orderId === open.orderId) : m.lots;
  const unused = lots.reduce((n, l) => n + l.unused, 0);
  expect(open.calls, 'a request quotes only unused bought calls').toBeLessThanOrEqual(unused);
  expect(open.amountFen, 'a request quotes at most their value').toBeLessThanOrEqual(
    lots.reduce((v, l) => v + proportionalFen(l.priceFen, l.unused, l.calls), 0),
  );
  if (!approve) {
    await run('refund', 'reject', String(open.id), '测试驳回');
    return;
  }
  const before = await f.balance(a);
  try {
    await run('refund', 'approve', String(open.id));
  } catch (err) {
    // Calls used since the request can leave nothing to take back: refused, nothing changed.
    expect((err as Error).message).toBe('该接口已没有可退的调用次数，请驳回该申请');
    return;
  }
  const lines = await db().select().from(refundLines).where(eq(refundLines.refundId, open.id));
  let value = 0;
  for (const line of lines) {
    const lot = m.lots.find((l) => l.orderId === line.orderId);
    expect(lot, 'a refund line names a paid order of the purchase').toBeDefined();
    if (!lot) continue;
    // The heart of it: only calls of this order that were bought and never used.
    expect(line.calls, `order ${line.orderId}: refunded calls were unused bought calls`).toBeLessThanOrEqual(lot.unused);
    expect(line.amountFen).toBe(proportionalFen(lot.priceFen, line.calls, lot.calls));
    lot.unused -= line.calls;
    value += line.amountFen;
  }
  const [decided] = await db().select().from(refunds).where(eq(refunds.id, open.id));
  expect(decided?.amountFen ?? 0, 'the credit is at most the value of the calls taken back').toBeLessThanOrEqual(value);
  expect((await f.balance(a)) - before).toBe(decided?.amountFen ?? 0);
}

/** Finance issues a request: the PDF first, then the decision (re-checked against what may be invoiced). */
async function issue(id: number) {
  const { fileKey } = await uploadPdf(db(), t.files, id, Buffer.from('%PDF-1.4\n% property test\n'));
  await decideInvoiceInQueue(db(), CLI_ACTOR, { id, decision: 'issue', reason: '', invoiceNo: `${10_000_000 + id}`, invoiceDate: chinaDay(), fileKey });
}

const titles = new Map<number, number>();
/** The account's invoice title (an ordinary invoice), made the first time it is needed. */
async function invoiceTitle(a: TestAccount): Promise<number> {
  const known = titles.get(a.memberId);
  if (known) return known;
  const saved = (await f.as(a, 'invoice/title/save', { type: 'normal', companyName: '属性测试科技有限公司', taxNo: creditCode() })).json();
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  titles.set(a.memberId, saved.data.id);
  return saved.data.id;
}

/** The sandbox's 模拟支付成功, sent twice as a provider retrying would: booked once. */
async function payInSandbox(a: TestAccount, paymentNo: string) {
  const before = await f.balance(a);
  const first = (await f.as(a, 'dev/payment/succeed', { paymentNo })).json();
  expect(first.code, JSON.stringify(first)).toBe(200);
  expect((await f.as(a, 'dev/payment/succeed', { paymentNo })).json().code).toBe('ALL_0013');
  const [paid] = await db().select().from(payments).where(eq(payments.paymentNo, paymentNo));
  expect(paid?.status).toBe('paid');
  const credited = await db()
    .select()
    .from(ledger)
    .where(and(eq(ledger.kind, 'payment'), eq(ledger.ref, `pay:${paymentNo}`)));
  expect(credited, 'one payment, one credit').toHaveLength(1);
  expect(credited[0]?.amountFen).toBe(paid?.amountFen);
  if (paid?.purpose === 'recharge') expect((await f.balance(a)) - before).toBe(paid.amountFen);
}

async function play(a: TestAccount, steps: Step[]) {
  const m: Model = { test: 0, trial: 0, lots: [] };
  const pkgs = await f.packages(1882);
  let charged = 0;
  let transfer = 0;
  for (const s of steps) {
    clearGatewayCaches();
    const p = await purchaseOf(a);
    switch (s.op) {
      case 'recharge': {
        const declared = await f.as(a, 'mytrade/recharge/declare', {
          amount: String(s.yuan),
          transferRef: `PROP${a.memberId}X${++transfer}`,
          payerName: '测试付款公司',
        });
        await run('recharge', 'confirm', String(declared.json().data.id));
        break;
      }
      case 'payOnline': {
        const created = (await f.as(a, 'payment/create', { amount: String(s.yuan), provider: 'sandbox' })).json();
        expect(created.code, JSON.stringify(created)).toBe(200);
        await payInSandbox(a, created.data.paymentNo);
        break;
      }
      case 'buyOnline': {
        const pkg = pkgs[s.pkg % pkgs.length];
        if (!pkg) break;
        const orderNo = (await f.as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg.id) })).json().data.orderNo;
        const created = (await f.as(a, 'payment/createForOrder', { orderNo, provider: 'sandbox' })).json();
        expect(created.code, JSON.stringify(created)).toBe(200);
        await payInSandbox(a, created.data.paymentNo);
        const [o] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
        expect(o?.status, 'an order paid online ends paid').toBe('paid');
        if (o) m.lots.push({ orderId: o.id, calls: o.calls, priceFen: o.priceFen, unused: o.calls });
        break;
      }
      case 'buy': {
        const pkg = pkgs[s.pkg % pkgs.length];
        if (!pkg) break;
        const orderNo = (await f.as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg.id) })).json().data.orderNo;
        const paid = (await f.as(a, 'UserCenter/payment', { orderNo })).json();
        if (paid.code === 200) {
          const [o] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
          m.lots.push({ orderId: o?.id ?? 0, calls: pkg.calls, priceFen: pkg.priceFen, unused: pkg.calls });
        } else expect(paid).toEqual({ code: 'ALL_0070', msg: expect.any(String) });
        break;
      }
      case 'call': {
        if (!p) break;
        for (let i = 0; i < s.n; i++) await f.gateway(p.key);
        const after = await purchaseOf(a);
        const lost = p.callsLeft - (after?.callsLeft ?? 0);
        consume(m, lost);
        charged += lost;
        break;
      }
      case 'trial': {
        const res = (await f.as(a, 'myBuy/freeTrial', { interfaceId: '1882' })).json();
        if (res.code === 200) m.trial += res.data.calls;
        break;
      }
      case 'paytest': {
        const applied = (
          await f.as(a, 'payTest/apply', {
            interfaceId: '1882',
            calls: String(s.calls),
            purpose: '验证接口返回字段',
            contactName: '王测试',
            contactPhone: '13800138000',
          })
        ).json();
        if (applied.code !== 200) break;
        const [row] = await db().select().from(payTests).where(eq(payTests.memberId, a.memberId)).orderBy(sql`${payTests.id} desc`).limit(1);
        if (!row) break;
        try {
          await run('paytest', 'approve', String(row.id));
          m.test += row.calls;
        } catch {
          await run('paytest', 'reject', String(row.id), '余额不足');
        }
        break;
      }
      case 'expireTest': {
        await db()
          .update(payTests)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(and(eq(payTests.memberId, a.memberId), eq(payTests.status, 'approved')));
        if ((await expirePayTests(db())) > 0) m.test = 0;
        break;
      }
      case 'renew': {
        const pkg = pkgs[s.pkg % pkgs.length];
        if (!p || !pkg) break;
        // Turning renewal on renews at once when the purchase is due, so the orders are counted first.
        const before = await db().select({ id: orders.id }).from(orders).where(eq(orders.memberId, a.memberId));
        await f.as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(pkg.id) });
        await renewDue(db(), { purchaseIds: [p.id] });
        const added = (await db().select().from(orders).where(eq(orders.memberId, a.memberId))).filter((o) => !before.some((b) => b.id === o.id));
        for (const o of added) m.lots.push({ orderId: o.id, calls: o.calls, priceFen: o.priceFen, unused: o.calls });
        await f.as(a, 'myBuy/delAutomaticBuy', { id: String(p.id) });
        break;
      }
      case 'refundOrder': {
        const lot = m.lots[s.pick % Math.max(1, m.lots.length)];
        if (!lot) break;
        const [o] = await db().select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, lot.orderId));
        await f.as(a, 'myOrder/refund', { orderNo: o?.orderNo ?? '', reason: '属性测试退款' });
        await decideNewest(a, m, s.approve);
        break;
      }
      case 'adjust': {
        // Finance's adjustment, submitted twice with the same request id: booked once, never below zero.
        const input = {
          memberId: a.memberId,
          direction: s.up ? ('credit' as const) : ('debit' as const),
          amount: s.yuan * 100,
          reason: '属性测试调账',
          requestId: randomUUID(),
        };
        const before = await f.balance(a);
        try {
          await adjustBalance(db(), CLI_ACTOR, input);
        } catch (err) {
          expect(s.up, 'only a debit larger than the balance is refused').toBe(false);
          expect((err as Error).message).toMatch(/^调减金额不能超过账户余额/);
          break;
        }
        expect((await adjustBalance(db(), CLI_ACTOR, input)).changed).toBe(false);
        expect((await f.balance(a)) - before).toBe(s.up ? s.yuan * 100 : -s.yuan * 100);
        break;
      }
      case 'invoice': {
        // A share of what may be invoiced, or one fen more than all of it (refused), then issued or left waiting.
        const title = await invoiceTitle(a);
        const { invoiceableFen } = (await f.as(a, 'invoice/summary')).json().data;
        const fen = s.over ? invoiceableFen + 1 : Math.floor((invoiceableFen * s.share) / 100);
        if (fen <= 0) break;
        const asked = (await f.as(a, 'invoice/apply', { titleId: String(title), amount: fenToYuanInput(fen), email: 'finance@example.com' })).json();
        if (s.over) {
          expect(asked.code, 'more than may be invoiced is refused').toBe('ALL_0001');
          break;
        }
        expect(asked.code, JSON.stringify(asked)).toBe(200);
        if (s.issue) await issue(asked.data.id);
        break;
      }
      case 'issueWaiting': {
        // A request that waited while refunds came may no longer fit: issuing it is then refused.
        const [waiting] = await db()
          .select()
          .from(invoices)
          .where(and(eq(invoices.memberId, a.memberId), eq(invoices.status, 'requested')))
          .limit(1);
        if (!waiting) break;
        try {
          await issue(waiting.id);
        } catch (err) {
          expect((err as Error).message).toMatch(/^客户的可开票金额已不足/);
        }
        break;
      }
      case 'refundAll': {
        if (!p) break;
        await f.as(a, 'myBuy/refundAll', { id: String(p.id), reason: '属性测试退款' });
        await decideNewest(a, m, s.approve);
        break;
      }
    }
    await holds(a, m, charged);
  }
}

/**
 * Sequences that broke the old refund rule, always among the property's examples: the probe's
 * (an order refunded, the free trial taken, the rest asked back: trial calls were refunded as
 * cash) and two orders (the older one's calls are used first, so its refund may return only
 * what is left of it).
 */
const KNOWN_COUNTEREXAMPLES: Step[][] = [
  [
    { op: 'buy', pkg: 0 },
    { op: 'call', n: 11 },
    { op: 'refundOrder', pick: 0, approve: true },
    { op: 'trial' },
    { op: 'call', n: 1 },
    { op: 'refundAll', approve: true },
  ],
  [
    { op: 'buy', pkg: 1 },
    { op: 'buy', pkg: 0 },
    { op: 'call', n: 7 },
    { op: 'refundOrder', pick: 0, approve: true },
    { op: 'refundAll', approve: true },
  ],
];

describe('money under random sequences (fast-check)', () => {
  it('keeps balance = Σ ledger, refunds within unused bought calls, and every call charged once', { timeout: 600_000 }, async () => {
    let ip = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const a = await qualifiedAccount(t, `10.190.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
        await play(a, [{ op: 'recharge', yuan: 30000 }, ...steps]);
      }),
      // The search for a counterexample runs on PGlite; the PostgreSQL pass (TEST_DATABASE_URL) checks
      // that the same kind of sequences hold on the real server, with fewer of them to keep CI short.
      // The known counterexamples run first, so the old rule fails whatever this run draws.
      { numRuns: TEST_POSTGRES_URL ? 15 : 60, endOnFailure: true, examples: KNOWN_COUNTEREXAMPLES.map((steps) => [steps]) },
    );
  });

  it('the statement of the month opens, moves and closes at the ledger’s figures', async () => {
    const a = await qualifiedAccount(t, '10.191.0.1');
    await play(a, [
      { op: 'recharge', yuan: 800 },
      { op: 'buy', pkg: 0 },
      { op: 'call', n: 3 },
      { op: 'refundAll', approve: true },
    ]);
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const s = (await post(t, 'mytrade/statement', { month }, { cookies: a.cookies })).json().data;
    expect(s.openingFen + s.creditFen + s.debitFen).toBe(s.closingFen);
    expect(s.closingFen).toBe(await f.balance(a));
    expect(s.lines.find((l: { kind: string }) => l.kind === 'refund')?.count).toBe(1);

    // The files: the xlsx's summary and detail sheets, the PDF's first bytes, names by month.
    const xlsx = await post(t, 'mytrade/statement', { month, format: 'xlsx' }, { cookies: a.cookies });
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent(`对账单-${month}.xlsx`));
    const summary = (await readSheet(xlsx.rawPayload, '对账单')).rows;
    expect(summary).toContainEqual(['期初余额（元）', '', s.openingFen / 100]);
    expect(summary).toContainEqual(['期末余额（元）', '', s.closingFen / 100]);
    expect(summary).toContainEqual(['退款', 1, expect.any(Number), 0]);
    const detail = (await readSheet(xlsx.rawPayload, '流水明细')).rows;
    expect(detail).toHaveLength(s.rows + 1);
    expect(detail.at(-1)?.[7]).toBe(s.closingFen / 100);
    const pdf = await post(t, 'mytrade/statement', { month, format: 'pdf' }, { cookies: a.cookies });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent(`对账单-${month}.pdf`));
    // A month not begun yet has no statement.
    expect((await post(t, 'mytrade/statement', { month: '2099-12' }, { cookies: a.cookies })).json()).toEqual({
      code: 'ALL_0001',
      msg: '该月份尚未开始，暂无对账单',
    });
    // Months the calendar arithmetic could not read (the contract fuzz found 500s) are refused by the rule.
    for (const month of ['0000-12', '0999-12', '1999-12', '2026-13']) {
      expect((await post(t, 'mytrade/statement', { month }, { cookies: a.cookies })).json(), month).toEqual({ code: 'ALL_0001', msg: '请选择正确的月份' });
    }
    expect(formatFen(s.closingFen)).toMatch(/^\d/);
  });
});
