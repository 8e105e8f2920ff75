// Batch jobs at 100 000 rows (issue #21, "Performance"): a 100 000-row job against a 1 000-row job
// in the same run, each through the real pipeline — the sheet read as a stream and written sealed
// (createBatchJob), executed with its attestation, every row a call of the open data API through
// runCall on the sandbox provider, charged and recorded by the group committer, then the owner's
// result file (clear inputs) written. Reported per job and phase: rows per second, CPU time per
// row (the load shares the cores with whatever else runs), peak RSS and heap above the baseline,
// the peak live heap (after full collections every 2 s — V8 lets garbage pile up to its own limit
// first, so raw peak heap grows with the length of a job without anything being kept), and the
// ratio of the large job to the small one (memory must stay flat). The runner is unpaced here (the product paces a job at ≤ 20 rows/s, Decision 121):
// this measures what the pipeline can do, not the pace a customer's key is given.
//
//   npm run bench:batch                 file-backed PGlite under a temporary directory
//   BENCH_BATCH_ROWS=100000 BENCH_BATCH_SMALL=1000 …   the two sizes
//   NODE_OPTIONS=--expose-gc (set by the npm script): a collected baseline, and the live heap
//   BENCH_TRACE=1 …                     RSS and heap every 2 s
//   BENCH_BATCH_XLSX=1 …                the xlsx upload alone (streamed reader), both sizes
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { batchJobs, members } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { createLogger } from '../src/http/logging';
import { accountOf } from '../src/modules/account/access';
import { createGatewayDeps } from '../src/modules/gateway/gateway.routes';
import { createBatchRunner } from '../src/modules/online/batch.runner';
import { createBatchJob, deleteBatchJob, executeBatchJob, exportBatchJob } from '../src/modules/online/batch.service';
import { sandboxProvider } from '../src/providers';
import { benchPurchase } from './fixtures';

const LARGE = Number(process.env.BENCH_BATCH_ROWS ?? 100_000);
const SMALL = Number(process.env.BENCH_BATCH_SMALL ?? 1_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-batch-bench-'));
const config = loadConfig({ DEV_TOOLS: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', GATEWAY_RATE_PER_KEY: '100000', GATEWAY_RATE_PER_ADDRESS: '1000000' });
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await database.migrate();
await seed(database.db);
const db = database.db;
const logger = createLogger('silent');
const { memberId, purchaseId } = await benchPurchase(db);
const [m] = await db.select({ loginName: members.loginName }).from(members).where(eq(members.id, memberId));
const account = accountOf({ sessionId: 'bench', memberId, loginName: m?.loginName ?? '', parentId: null });

const sandbox = sandboxProvider();
const gateway = createGatewayDeps({ db, config, logger, providerFor: () => sandbox, ratePerKey: 100_000, upstreamTimeoutMs: 5000 });
const runner = createBatchRunner({ db, gateway, logger, callsPerSecond: 1_000_000 });

/** The same people as an xlsx the way Excel saves one (shared strings), written by a streaming writer. */
async function xlsxSheet(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = book.addWorksheet('查询数据');
  const lines = sheet(rows)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  for (const line of lines) ws.addRow(line.split(',')).commit();
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** A sheet of `rows` people as a customer's CSV: valid identity numbers, each row its own. */
function sheet(rows: number): Buffer {
  const lines = ['姓名（name）,身份证号（idcard）'];
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  for (let i = 0; i < rows; i++) {
    const body = `110101199${String(i % 10)}0${String(1 + (i % 9))}${String(10 + (i % 18)).padStart(2, '0')}${String(i % 1000).padStart(3, '0')}`;
    let sum = 0;
    for (let k = 0; k < 17; k++) sum += Number(body[k]) * (weights[k] ?? 0);
    lines.push(`客户${i},${body}${checks[sum % 11]}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\n')}\n`);
}

interface Phase {
  seconds: number;
  cpuMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** The largest live heap: heap in use right after a full collection, taken every 2 s (and at the end). */
  peakLiveHeapMb: number;
  /** Heap still held once the phase is over and collected (what it left behind). */
  retainedHeapMb: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn('run with NODE_OPTIONS=--expose-gc: live heap is then measured after collections');

/** Runs `work` while sampling memory every 20 ms; peaks are above the baseline taken just before. */
async function measure(work: () => Promise<void>): Promise<Phase> {
  gc?.();
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  let live = 0;
  const collect = () => {
    gc?.();
    live = Math.max(live, process.memoryUsage().heapUsed - base.heapUsed);
  };
  const collector = setInterval(collect, 2000);
  const trace: Array<[number, number, number]> = [];
  let ticks = 0;
  const sample = () => {
    const u = process.memoryUsage();
    if (process.env.BENCH_TRACE && ++ticks % 100 === 0) trace.push([ticks / 50, Math.round(u.rss / 2 ** 20), Math.round(u.heapUsed / 2 ** 20)]);
    rss = Math.max(rss, u.rss - base.rss);
    heap = Math.max(heap, u.heapUsed - base.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  clearInterval(collector);
  sample();
  collect();
  const retained = process.memoryUsage().heapUsed - base.heapUsed;
  if (process.env.BENCH_TRACE) console.log('trace (s, RSS MB, heap MB)', JSON.stringify(trace));
  return {
    seconds,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb: rss / 2 ** 20,
    peakHeapMb: heap / 2 ** 20,
    peakLiveHeapMb: live / 2 ** 20,
    retainedHeapMb: retained / 2 ** 20,
  };
}

async function job(rows: number) {
  const content = sheet(rows);
  let jobId = 0;
  const upload = await measure(async () => {
    const view = await createBatchJob(db, account, purchaseId, { name: `bench-${rows}.csv`, extension: 'csv', content }, '203.0.113.9', config);
    jobId = view.id;
  });
  const run = await measure(async () => {
    await executeBatchJob(db, account, { jobId, consent: true }, '203.0.113.9');
    runner.kick(jobId);
    await runner.idle();
    await gateway.committer.settle();
  });
  const [done] = await db.select().from(batchJobs).where(eq(batchJobs.id, jobId));
  if (done?.status !== 'done' || done.done !== rows || done.succeeded !== rows) throw new Error(`job ${jobId} ended ${JSON.stringify(done)}`);
  let fileBytes = 0;
  const result = await measure(async () => {
    fileBytes = (await exportBatchJob(db, account, { jobId }, config)).content.length;
  });
  return { rows, mb: content.length / 2 ** 20, upload, run, result, fileBytes };
}

const f = (n: number, d = 1) => n.toFixed(d);
function report(r: Awaited<ReturnType<typeof job>>) {
  const line = (name: string, p: Phase) =>
    `  ${name.padEnd(8)} ${f(p.seconds, 2).padStart(8)} s  ${f(r.rows / p.seconds, 0).padStart(7)} rows/s  CPU ${f((p.cpuMs * 1000) / r.rows, 0).padStart(5)} µs/row  peak RSS +${f(p.peakRssMb).padStart(6)} MB  heap +${f(p.peakHeapMb).padStart(6)} MB  live heap +${f(p.peakLiveHeapMb).padStart(5)} MB  retained ${f(p.retainedHeapMb).padStart(5)} MB`;
  console.log(`${r.rows.toLocaleString('en')} rows (${f(r.mb, 2)} MB CSV, result file ${f(r.fileBytes / 2 ** 20, 2)} MB)`);
  console.log(line('upload', r.upload));
  console.log(line('run', r.run));
  console.log(line('result', r.result));
}

console.log(
  `batch benchmark: ${os.cpus().length} CPUs, node ${process.version}, load ${os
    .loadavg()
    .map((l) => f(l, 2))
    .join(' ')}`,
);
/** The xlsx path alone: a sheet of `rows` read as a stream and written, then deleted. */
async function xlsxUpload(rows: number) {
  const content = await xlsxSheet(rows);
  let jobId = 0;
  const upload = await measure(async () => {
    jobId = (await createBatchJob(db, account, purchaseId, { name: `bench-${rows}.xlsx`, extension: 'xlsx', content }, '203.0.113.9', config)).id;
  });
  await deleteBatchJob(db, account, { jobId });
  return { rows, mb: content.length / 2 ** 20, upload };
}

if (process.env.BENCH_BATCH_XLSX) {
  await xlsxUpload(200);
  const xs = await xlsxUpload(SMALL);
  const xl = await xlsxUpload(LARGE);
  for (const x of [xs, xl]) {
    const p = x.upload;
    console.log(
      `xlsx ${x.rows.toLocaleString('en')} rows (${f(x.mb, 2)} MB): upload ${f(p.seconds, 2)} s, ${f(x.rows / p.seconds, 0)} rows/s, CPU ${f((p.cpuMs * 1000) / x.rows, 0)} µs/row, peak RSS +${f(p.peakRssMb)} MB, heap +${f(p.peakHeapMb)} MB, live heap +${f(p.peakLiveHeapMb)} MB`,
    );
  }
  console.log(
    `xlsx ratio: rows/s ×${f(LARGE / xl.upload.seconds / (SMALL / xs.upload.seconds), 2)}, live heap ×${f(Math.max(xl.upload.peakLiveHeapMb, 1) / Math.max(xs.upload.peakLiveHeapMb, 1), 2)}`,
  );
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
// A warm-up job so the first measured one does not pay for compiling the pipeline.
await job(200);
const small = await job(SMALL);
const large = await job(LARGE);
report(small);
report(large);
const ratio = (a: number, b: number) => f(a / b, 2);
console.log(`ratio ${LARGE}/${SMALL}:`);
for (const phase of ['upload', 'run', 'result'] as const) {
  const s = small[phase];
  const l = large[phase];
  console.log(
    `  ${phase.padEnd(8)} rows/s ×${ratio(LARGE / l.seconds, SMALL / s.seconds)}  CPU/row ×${ratio(l.cpuMs / LARGE, s.cpuMs / SMALL)}  peak RSS ×${ratio(Math.max(l.peakRssMb, 1), Math.max(s.peakRssMb, 1))}  peak heap ×${ratio(Math.max(l.peakHeapMb, 1), Math.max(s.peakHeapMb, 1))}  live heap ×${ratio(Math.max(l.peakLiveHeapMb, 1), Math.max(s.peakLiveHeapMb, 1))}`,
  );
}
await runner.stop();
await gateway.committer.settle();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
