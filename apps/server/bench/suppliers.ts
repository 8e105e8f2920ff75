// The open data API in front of suppliers (issue #24), against two supplier stubs with a realistic
// latency (median 80 ms, p99 400 ms), the load and the stubs each in a process of their own:
//   1. added latency — for each call, the time its client waited minus the supplier's own wait
//      (echoed by the stub), at 200 calls in flight, with the durable record and charge in place;
//   2. failover — the primary fails every call from second 10 to second 20 of a 30-second run:
//      the share of that window's calls answered by the secondary, whether any call was charged
//      twice (records, charges and the purchase's calls left against the answers), and how long
//      after the primary's recovery its breaker closed.
// Run: npm run bench:suppliers   (BENCH_INFLIGHT=200, BENCH_LATENCY_SECONDS=15, BENCH_FAILOVER_SECONDS=30,
//      BENCH_FAILURE=status500|hang — how the primary fails: an error at once, or no answer until its 1 s limit)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { callRecords, purchases, supplierEvents, supplierRoutes, suppliers } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { createLogger } from '../src/http/logging';
import type { StubMode } from '../src/test/supplier-stub';
import { benchPurchase } from './fixtures';

const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 200);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 15);
const FAILOVER_SECONDS = Number(process.env.BENCH_FAILOVER_SECONDS ?? 30);
const FAILURE = (process.env.BENCH_FAILURE ?? 'status500') as 'status500' | 'hang';
// bench/, whether this runs from source (tsx) or bundled (bench/run.mjs, into .bench-build/).
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'bench');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-supplier-bench-'));
const settings = {
  DEV_TOOLS: '1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  GATEWAY_RATE_PER_KEY: '100000',
  GATEWAY_RATE_PER_ADDRESS: '1000000',
  UPSTREAM_TIMEOUT_MS: '3000',
};
const config = loadConfig(settings);
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await database.migrate();
await seed(database.db);
const db = database.db;
const { key, purchaseId } = await benchPurchase(db);

const child = (file: string, args: string[] = []): ChildProcess =>
  fork(path.join(here, file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const stubs = child('supplier-stubs.ts');
const urls = await new Promise<{ primary: string; secondary: string }>((resolve) =>
  stubs.once('message', (m) => resolve(m as { primary: string; secondary: string })),
);
const tell = (which: 'primary' | 'secondary', mode: StubMode) =>
  new Promise<number>((resolve) => {
    stubs.once('message', (m) => resolve((m as { at: number }).at));
    stubs.send({ which, mode });
  });
const LATENCY = { medianMs: 80, p99Ms: 400 };

const [a] = await db.insert(suppliers).values({ name: '主供应商', maxConcurrent: 512, maxQueue: 64 }).returning({ id: suppliers.id });
const [b] = await db.insert(suppliers).values({ name: '备用供应商', maxConcurrent: 512, maxQueue: 64 }).returning({ id: suppliers.id });
const primaryId = a?.id ?? 0;
await db.insert(supplierRoutes).values([
  { interfaceId: 1882, supplierId: primaryId, endpoint: `${urls.primary}/idcard/verify`, timeoutMs: 1000, priority: 1, costMfen: 3500 },
  { interfaceId: 1882, supplierId: b?.id ?? 0, endpoint: `${urls.secondary}/idcard/verify`, timeoutMs: 1000, priority: 2, costMfen: 4200 },
]);

const { app } = await buildApp({ config, database, logger: createLogger('silent') });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/communication/personal/1882`;
const body = new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }).toString();

interface Load {
  started: number;
  at: number[];
  total: number[];
  wait: number[];
  by: string[];
  code: string[];
  seqNo: string[];
}
const load = (seconds: number, target = url) =>
  new Promise<Load>((resolve) => {
    const c = child('supplier-load.ts', [target, body, String(INFLIGHT), String(seconds)]);
    c.once('message', (m) => resolve(m as Load));
  });
/** Each answered call's time minus the supplier's own wait. */
const addedOf = (r: Load) => r.code.flatMap((c, i) => (c === '10000' && Number.isFinite(r.wait[i]) ? [(r.total[i] ?? 0) - (r.wait[i] ?? 0)] : []));
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN) : Number.NaN;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

try {
  console.log(
    `suppliers bench: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${INFLIGHT} calls in flight; stubs median ${LATENCY.medianMs} ms, p99 ${LATENCY.p99Ms} ms`,
  );
  // Warm the pools and the memos.
  await load(2);

  // 1. Added latency, beside the baseline of the same load sent to the supplier directly (what
  //    the client, the stub and the shared cores add without the platform).
  const direct = await load(LATENCY_SECONDS, `${urls.primary}/idcard/verify`);
  const profile = process.env.BENCH_PROFILE ? new inspector.Session() : null;
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => profile?.post(method, (err, res) => (err ? reject(err) : resolve(res))) ?? resolve(null));
  if (profile) {
    profile.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  const cpu0 = cpu();
  const r = await load(LATENCY_SECONDS);
  const cpuUsed = cpu() - cpu0;
  if (profile && process.env.BENCH_PROFILE)
    writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));
  const added = addedOf(r);
  const baseline = addedOf(direct);
  console.log(`\n== 1. added latency, ${LATENCY_SECONDS} s each at ${INFLIGHT} in flight ==`);
  const row = (label: string, x: Load, xs: number[]) =>
    `${label.padEnd(30)} ${String(x.code.length).padStart(6)} calls (${(x.code.length / LATENCY_SECONDS).toFixed(0)}/s)  time − supplier's wait: p50 ${ms(pct(xs, 0.5))}  p95 ${ms(pct(xs, 0.95))}  p99 ${ms(pct(xs, 0.99))}`;
  console.log(row('straight to the supplier', direct, baseline));
  console.log(`${row('through the open data API', r, added)}  (aim: p99 ≤ 5 ms)`);
  console.log(`server process CPU ${cpuUsed.toFixed(2)} s over ${LATENCY_SECONDS} s: ${((cpuUsed / Math.max(1, r.code.length)) * 1e6).toFixed(0)} µs a call`);

  // 2. Failover.
  if (FAILOVER_SECONDS < 25) throw new Error('BENCH_FAILOVER_SECONDS must leave the 10-second window and a recovery: 25 or more');
  const [before] = await db.select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId));
  const running = load(FAILOVER_SECONDS);
  const t0 = Date.now();
  await new Promise((res) => setTimeout(res, 10_000));
  const failAt = await tell('primary', { latency: LATENCY, failure: { kind: FAILURE, share: 1 } });
  await new Promise((res) => setTimeout(res, Math.max(0, t0 + 20_000 - Date.now())));
  const recoverAt = await tell('primary', { latency: LATENCY });
  const f = await running;
  const [after] = await db.select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId));
  const inWindow = f.at.map((at, i) => (f.started + at >= failAt && f.started + at < recoverAt ? i : -1)).filter((i) => i >= 0);
  const bySecondary = inWindow.filter((i) => f.code[i] === '10000' && f.by[i] === 'secondary').length;
  const seqNos = f.seqNo.filter(Boolean);
  let recorded = 0;
  let charged = 0;
  for (let i = 0; i < seqNos.length; i += 2000) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number), charged: sql<number>`coalesce(sum(${callRecords.charged}), 0)`.mapWith(Number) })
      .from(callRecords)
      .where(inArray(callRecords.seqNo, seqNos.slice(i, i + 2000)));
    recorded += row?.n ?? 0;
    charged += row?.charged ?? 0;
  }
  const withData = f.code.filter((c) => c === '10000').length;
  const used = (before?.left ?? 0) - (after?.left ?? 0);
  const [closed] = await db
    .select({ at: supplierEvents.at })
    .from(supplierEvents)
    .where(and(eq(supplierEvents.supplierId, primaryId), eq(supplierEvents.state, 'closed'), gte(supplierEvents.at, new Date(recoverAt))))
    .orderBy(supplierEvents.at)
    .limit(1);
  const codes = new Map<string, number>();
  for (const i of inWindow) codes.set(f.code[i] ?? '', (codes.get(f.code[i] ?? '') ?? 0) + 1);
  console.log(`\n== 2. failover: the primary fails (${FAILURE}) from second 10 to second 20 of ${FAILOVER_SECONDS} ==`);
  console.log(
    `calls in the window ${inWindow.length}; answered by the secondary ${bySecondary} = ${((bySecondary / Math.max(1, inWindow.length)) * 100).toFixed(2)} % (aim ≥ 99 %); codes ${JSON.stringify(Object.fromEntries(codes))}`,
  );
  console.log(
    `window latency p50 ${ms(
      pct(
        inWindow.map((i) => f.total[i] ?? 0),
        0.5,
      ),
    )}  p99 ${ms(
      pct(
        inWindow.map((i) => f.total[i] ?? 0),
        0.99,
      ),
    )}`,
  );
  console.log(`whole run: answers ${f.code.length}, with data ${withData}; records ${recorded}; charged in records ${charged}; purchase calls used ${used}`);
  const once = recorded === seqNos.length && charged === withData && used === withData;
  console.log(`charged once each: ${once ? 'yes' : 'NO'}`);
  console.log(
    closed
      ? `breaker closed ${((closed.at.getTime() - recoverAt) / 1000).toFixed(2)} s after the primary recovered (aim ≤ 5 s)`
      : 'breaker did not close (or never opened) after the recovery',
  );
  if (!once) process.exitCode = 1;
} finally {
  stubs.disconnect();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
