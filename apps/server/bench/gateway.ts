// The open data API under load (issue #8, "Performance and correctness"): requests per second
// through the whole pipeline (key, checks, sandbox provider, charge, durable record) against a
// bare Fastify route answering the same JSON in the same server and run, p50/p99, p99 at half the
// maximum rate; then exactness: N concurrent calls against Q remaining calls.
// The load comes from autocannon in a separate process. Run: npm run bench:gateway
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { balances, callRecords, ledger, members, purchases, qualifications } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { createLogger } from '../src/http/logging';
import { newPurchaseKey } from '../src/modules/billing/billing.service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-gw-bench-'));
const config = loadConfig({ DEV_TOOLS: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', GATEWAY_RATE_PER_KEY: '100000' });
// The embedded default: PGlite files under DATA_DIR (durable), not an in-memory database.
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await database.migrate();
await seed(database.db);
const db = database.db;

const [m] = await db
  .insert(members)
  .values({ loginName: 'benchcorp01', mobile: '13900000001', passwordHash: 'x' })
  .returning({ id: members.id });
const memberId = m?.id ?? 0;
await db.insert(qualifications).values({
  memberId,
  status: 'approved',
  companyName: '压测数据科技有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张三',
  licencePath: '',
  licenceType: 'image/png',
});
const key = newPurchaseKey();
const [p] = await db
  .insert(purchases)
  .values({ memberId, interfaceId: 1882, key, callsTotal: 10_000_000, callsLeft: 10_000_000, expiresAt: new Date(Date.now() + 86_400_000) })
  .returning({ id: purchases.id });

const { app } = await buildApp({ config, database, logger: createLogger('silent') });
const bareAnswer = { code: '10000', message: '成功', data: { result: '1', description: '姓名与身份证号一致' }, seqNo: '7F3A9C21D04B5E8816A2' };
app.post('/bench/bare/1882', async () => bareAnswer);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const body = new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }).toString();

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
function cannon(url: string, extra: string[] = [], connections = 10): Promise<Run> {
  return new Promise((resolve, reject) => {
    const args = ['autocannon', '-j', '-c', String(connections), '-d', String(SECONDS), '-m', 'POST', '-H', 'content-type=application/x-www-form-urlencoded', '-b', body, ...extra, url];
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', () => {
      try {
        const r = JSON.parse(out);
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (err) {
        reject(err);
      }
    });
  });
}

try {
  await fetch(`${base}/communication/personal/1882`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  if (process.env.GATEWAY_ONLY) {
    // For profiling: the whole pipeline alone. BENCH_PROFILE=<file> writes a CPU profile of the
    // load run only (start-up, migrations and the seed left out), to open in Chrome DevTools.
    const profile = process.env.BENCH_PROFILE;
    const session = profile ? new inspector.Session() : null;
    const post = (method: string) =>
      new Promise<unknown>((resolve, reject) => session?.post(method, (err, res) => (err ? reject(err) : resolve(res))) ?? resolve(null));
    if (session) {
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
    }
    const full = await cannon(`${base}/communication/personal/1882`);
    if (session && profile) {
      const { profile: taken } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(profile, JSON.stringify(taken));
    }
    console.log(`gateway ${full.rps.toFixed(0)} req/s p50 ${full.p50} ms p99 ${full.p99} ms`);
    process.exit(0);
  }
  const bare = await cannon(`${base}/bench/bare/1882`);
  const full = await cannon(`${base}/communication/personal/1882`);
  const half = await cannon(`${base}/communication/personal/1882`, ['-R', String(Math.max(1, Math.floor(full.rps / 2)))]);
  const line = (label: string, r: Run) =>
    `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ''}`;
  console.log(`\n== open data API, ${SECONDS} s each, 10 connections ==`);
  console.log(line('bare route, same JSON (baseline)', bare));
  console.log(`${line('gateway, whole pipeline', full)}  ratio ${(full.rps / bare.rps).toFixed(2)}x`);
  console.log(line(`gateway at half its max (${Math.floor(full.rps / 2)}/s)`, half));

  // Many customers' systems at once: groups grow, the commit cost per call falls.
  const bare100 = await cannon(`${base}/bench/bare/1882`, [], 100);
  const full100 = await cannon(`${base}/communication/personal/1882`, [], 100);
  console.log(`\n== the same, 100 connections ==`);
  console.log(line('bare route, same JSON (baseline)', bare100));
  console.log(`${line('gateway, whole pipeline', full100)}  ratio ${(full100.rps / bare100.rps).toFixed(2)}x`);

  // Exactness: N concurrent calls against Q remaining calls.
  const Q = 50;
  const N = 200;
  await db.update(purchases).set({ callsLeft: Q }).where(eq(purchases.id, p?.id ?? 0));
  const answers = await Promise.all(
    Array.from({ length: N }, () =>
      fetch(`${base}/communication/personal/1882`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }).then(
        (r) => r.json() as Promise<{ code: string; seqNo: string }>,
      ),
    ),
  );
  const ok = answers.filter((a) => a.code === '10000').length;
  const [left] = await db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, p?.id ?? 0));
  const seqNos = new Set(answers.map((a) => a.seqNo));
  const [recorded] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number), charged: sql<number>`coalesce(sum(${callRecords.charged}), 0)`.mapWith(Number) })
    .from(callRecords)
    .where(sql`${callRecords.seqNo} in ${[...seqNos]}`);
  const [bal] = await db.select({ fen: balances.balanceFen }).from(balances).where(eq(balances.memberId, memberId));
  const [sum] = await db.select({ fen: sql<number>`coalesce(sum(${ledger.amountFen}), 0)`.mapWith(Number) }).from(ledger).where(eq(ledger.memberId, memberId));
  console.log(`\n== exactness: ${N} concurrent calls, ${Q} calls left ==`);
  console.log(`answers with data ${ok} (expect ${Math.min(N, Q)}); remaining ${left?.n} (expect ${Q - Math.min(N, Q)})`);
  console.log(`records ${recorded?.n} (expect ${N}); distinct seqNo ${seqNos.size}; charged in records ${recorded?.charged} (expect ${Math.min(N, Q)})`);
  console.log(`balance ${bal?.fen ?? 0} = ledger ${sum?.fen ?? 0}`);
  const exact = ok === Math.min(N, Q) && left?.n === Q - ok && recorded?.n === N && seqNos.size === N && recorded?.charged === ok && (bal?.fen ?? 0) === (sum?.fen ?? 0);
  console.log(exact ? 'exact: yes' : 'exact: NO');
  if (!exact) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
