// The open data API under load (issue #8, "Performance and correctness"): requests per second
// through the whole pipeline (key, checks, sandbox provider, charge, durable record) against a
// bare Fastify route answering the same JSON in the same server and run, p50/p99, p99 at half the
// maximum rate; then exactness: N concurrent calls against Q remaining calls.
// The load comes from autocannon in a separate process. Run: npm run bench:gateway (bench/run.mjs:
// the benchmark and the server bundled as production runs them).
//
//   npm run bench:gateway                       file-backed PGlite (the embedded default)
//   BENCH_POSTGRES=1 …                          on a throwaway PostgreSQL cluster with durable
//                                               commits, started and removed by bench/run.mjs; the
//                                               cluster's CPU time is printed added as well
//   BENCH_DATABASE_URL=postgres://… …           on a PostgreSQL server of yours: an admin URL; a
//                                               throwaway database is created, migrated, seeded
//                                               and dropped at the end
//   BENCH_GATEWAY_PROCESSES=N …                 (PostgreSQL only) the gateway runs as N processes of
//                                               dist/main.js with SERVER_ROLE=gateway, each loaded
//                                               by its own autocannon with 1/N of the connections
//                                               and of the half rate; req/s summed, p50/p99 the
//                                               worst of the N, CPU time theirs. The bare route
//                                               stays in this process.
//   BENCH_SECONDS=8                             seconds per autocannon run
//   BENCH_SERVER_FLAGS='--max-semi-space-size=64'  Node flags for the gateway processes (none)
//   GATEWAY_ONLY=1 [BENCH_PROFILE=file]         the gateway run alone; a CPU profile of this
//                                               process, or each gateway process's own CPU-*.cpuprofile
//                                               in that file's folder
//   BENCH_CONNECTIONS=100 BENCH_RATE=3000       connections of the GATEWAY_ONLY run (10), and a fixed
//                                               rate for it (calls a second; by default as fast as
//                                               it answers): CPU a call compared at the same load
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { balances, callRecords, ledger, purchases } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { createLogger } from '../src/http/logging';
import { benchPurchase, clusterPids, cpuSecondsOf, freePort } from './fixtures';
import { throwawayDatabase } from './pg-throwaway';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const adminUrl = process.env.BENCH_DATABASE_URL;
const PROCESSES = Number(process.env.BENCH_GATEWAY_PROCESSES ?? 0);
// Node's flags for the gateway processes, to try one (none, as `npm start` runs the server).
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
// Set by bench/run.mjs when it started the cluster (BENCH_POSTGRES=1): its CPU time is counted too.
const postmasterPid = Number(process.env.BENCH_POSTMASTER_PID ?? 0) || null;
if (PROCESSES > 0 && !adminUrl) {
  console.error('BENCH_GATEWAY_PROCESSES needs BENCH_DATABASE_URL: gateway processes share a PostgreSQL database');
  process.exit(2);
}
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-gw-bench-'));
const throwaway = adminUrl ? await throwawayDatabase(adminUrl, 'bench_gateway') : null;
// One key and one address (autocannon on loopback) carry the whole load: neither budget may refuse it.
const settings = { DEV_TOOLS: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', GATEWAY_RATE_PER_KEY: '100000', GATEWAY_RATE_PER_ADDRESS: '1000000' };
const config = loadConfig({ ...settings, DATABASE_URL: throwaway?.url });
// PostgreSQL when BENCH_DATABASE_URL is set; otherwise the embedded default: PGlite files under
// DATA_DIR (durable), not an in-memory database.
const database = await openDatabase(throwaway ? { url: throwaway.url } : { dataDir: path.join(dataDir, 'db') });
await database.migrate();
await seed(database.db);
const db = database.db;

const { key, memberId, purchaseId } = await benchPurchase(db);

const { app } = await buildApp({ config, database, logger: createLogger('silent') });
const bareAnswer = { code: '10000', message: '成功', data: { result: '1', description: '姓名与身份证号一致' }, seqNo: '7F3A9C21D04B5E8816A2' };
app.post('/bench/bare/1882', async () => bareAnswer);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const body = new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }).toString();

/** A gateway-role server process on the same database (this process has migrated and seeded it). */
async function startGateway(url: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const env = { ...process.env, ...settings, DATABASE_URL: url, SERVER_ROLE: 'gateway', RUN_JOBS: '0', API_HOST: '127.0.0.1', API_PORT: String(port) };
  // The production bundle (bench/run.mjs builds it first), as `npm start` runs it.
  // With BENCH_PROFILE, each writes a CPU profile of its whole life (start-up included) on exit.
  const profileArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.dirname(path.resolve(process.env.BENCH_PROFILE))}`] : [];
  const child = spawn(process.execPath, [...profileArgs, ...serverFlags, 'dist/main.js'], { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/apiHome/health`)).ok) return { child, base: `http://127.0.0.1:${port}` };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('gateway process did not start');
}

const gateways: ChildProcess[] = [];
const stopGateways = () =>
  Promise.all(
    gateways.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
/** Where the gateway runs are sent: this process, or each gateway process. */
const targets: string[] = [];
if (PROCESSES > 0 && throwaway) {
  try {
    for (let i = 0; i < PROCESSES; i++) {
      const g = await startGateway(throwaway.url);
      gateways.push(g.child);
      targets.push(g.base);
    }
  } catch (err) {
    await stopGateways();
    await app.close();
    await database.close();
    await throwaway.drop();
    throw err;
  }
} else {
  targets.push(base);
}
const mode =
  database.kind === 'pglite'
    ? 'file-backed PGlite, gateway in this process'
    : PROCESSES > 0
      ? `PostgreSQL, gateway in ${PROCESSES} process${PROCESSES > 1 ? 'es' : ''} (SERVER_ROLE=gateway)`
      : 'PostgreSQL, gateway in this process';

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
function cannon(url: string, extra: string[] = [], connections = 10, seconds = SECONDS): Promise<Run> {
  return new Promise((resolve, reject) => {
    const args = [
      'autocannon',
      '-j',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-m',
      'POST',
      '-H',
      'content-type=application/x-www-form-urlencoded',
      '-b',
      body,
      ...extra,
      url,
    ];
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

/**
 * The gateway under load at each target at once: the connections (and a rate given with -R)
 * shared among them; req/s summed, p50/p99 the worst of the targets.
 */
async function cannonGateway(connections = 10, rate = 0, seconds = SECONDS): Promise<Run> {
  const n = targets.length;
  const runs = await Promise.all(
    targets.map((t) =>
      cannon(
        `${t}/communication/personal/1882`,
        rate ? ['-R', String(Math.max(1, Math.floor(rate / n)))] : [],
        Math.max(1, Math.round(connections / n)),
        seconds,
      ),
    ),
  );
  return {
    rps: runs.reduce((a, r) => a + r.rps, 0),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
  };
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
try {
  console.log(`${mode}; ${os.cpus().length} cores, load average ${loadavg()}`);
  for (const t of targets) {
    await fetch(`${t}/communication/personal/1882`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  }
  // Calls per CPU-second of the server process(es) that answered: their CPU time over the run
  // (the load generator is another process, so its share of the cores does not count); on a
  // cluster bench/run.mjs started, also with the cluster's processes' CPU time added.
  const perCpu = async (run: () => Promise<Run>, pids: number[]): Promise<Run & { perCpu: number; withDb?: number }> => {
    const cpuOf = (list: number[]) => new Map(list.map((pid) => [pid, cpuSecondsOf(pid)]));
    const before = cpuOf(pids);
    const dbBefore = postmasterPid ? cpuOf(clusterPids(postmasterPid)) : null;
    const r = await run();
    const used = pids.reduce((a, pid) => a + cpuSecondsOf(pid) - (before.get(pid) ?? 0), 0);
    // A backend started during the run counts from zero; one that exited during it is lost.
    const dbUsed = dbBefore && postmasterPid ? clusterPids(postmasterPid).reduce((a, pid) => a + cpuSecondsOf(pid) - (dbBefore.get(pid) ?? 0), 0) : null;
    const calls = r.rps * SECONDS;
    return { ...r, perCpu: calls / used, withDb: dbUsed === null ? undefined : calls / (used + dbUsed) };
  };
  const gatewayPids = gateways.length > 0 ? gateways.map((g) => g.pid ?? 0) : [process.pid];
  const cpuNote = (r: { perCpu: number; withDb?: number }) =>
    `  ${r.perCpu.toFixed(0)} calls per CPU-second${r.withDb === undefined ? '' : ` (${r.withDb.toFixed(0)} with PostgreSQL's)`}`;
  if (process.env.GATEWAY_ONLY) {
    // For profiling: the whole pipeline alone. BENCH_PROFILE=<file> writes a CPU profile of the
    // load run only (start-up, migrations and the seed left out), to open in Chrome DevTools.
    // With gateway processes, each of them writes its own (Node's --cpu-prof, beside that file).
    const profile = PROCESSES > 0 ? undefined : process.env.BENCH_PROFILE;
    // Warm first (compiled code, pools, the database's cache), as the full run's first runs do.
    await cannonGateway(Number(process.env.BENCH_CONNECTIONS ?? 10), 0, 4);
    const session = profile ? new inspector.Session() : null;
    const post = (method: string) =>
      new Promise<unknown>((resolve, reject) => session?.post(method, (err, res) => (err ? reject(err) : resolve(res))) ?? resolve(null));
    if (session) {
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
    }
    const full = await perCpu(() => cannonGateway(Number(process.env.BENCH_CONNECTIONS ?? 10), Number(process.env.BENCH_RATE ?? 0)), gatewayPids);
    if (session && profile) {
      const { profile: taken } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(profile, JSON.stringify(taken));
    }
    console.log(`gateway ${full.rps.toFixed(0)} req/s p50 ${full.p50} ms p99 ${full.p99} ms${cpuNote(full)}`);
  } else {
    const bare = await perCpu(() => cannon(`${base}/bench/bare/1882`), [process.pid]);
    const full = await perCpu(() => cannonGateway(), gatewayPids);
    const half = await cannonGateway(10, Math.floor(full.rps / 2));
    const line = (label: string, r: Run) =>
      `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ''}`;
    console.log(`\n== open data API, ${mode}, ${SECONDS} s each, 10 connections ==`);
    console.log(`${line('bare route, same JSON (baseline)', bare)}${cpuNote(bare)}`);
    console.log(`${line('gateway, whole pipeline', full)}  ratio ${(full.rps / bare.rps).toFixed(2)}x${cpuNote(full)}`);
    console.log(line(`gateway at half its max (${Math.floor(full.rps / 2)}/s)`, half));

    // Many customers' systems at once: groups grow, the commit cost per call falls.
    const bare100 = await perCpu(() => cannon(`${base}/bench/bare/1882`, [], 100), [process.pid]);
    const full100 = await perCpu(() => cannonGateway(100), gatewayPids);
    const half100 = await cannonGateway(100, Math.floor(full100.rps / 2));
    console.log(`\n== the same, 100 connections ==`);
    console.log(`${line('bare route, same JSON (baseline)', bare100)}${cpuNote(bare100)}`);
    console.log(`${line('gateway, whole pipeline', full100)}  ratio ${(full100.rps / bare100.rps).toFixed(2)}x${cpuNote(full100)}`);
    console.log(line(`gateway at half its max (${Math.floor(full100.rps / 2)}/s)`, half100));

    // Exactness: N concurrent calls against Q remaining calls.
    const Q = 50;
    const N = 200;
    await db.update(purchases).set({ callsLeft: Q }).where(eq(purchases.id, purchaseId));
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        fetch(`${targets[i % targets.length]}/communication/personal/1882`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }).then((r) => r.json() as Promise<{ code: string; seqNo: string }>),
      ),
    );
    const ok = answers.filter((a) => a.code === '10000').length;
    const [left] = await db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId));
    const seqNos = new Set(answers.map((a) => a.seqNo));
    const [recorded] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number), charged: sql<number>`coalesce(sum(${callRecords.charged}), 0)`.mapWith(Number) })
      .from(callRecords)
      .where(sql`${callRecords.seqNo} in ${[...seqNos]}`);
    const [bal] = await db.select({ fen: balances.balanceFen }).from(balances).where(eq(balances.memberId, memberId));
    const [sum] = await db
      .select({ fen: sql<number>`coalesce(sum(${ledger.amountFen}), 0)`.mapWith(Number) })
      .from(ledger)
      .where(eq(ledger.memberId, memberId));
    console.log(`\n== exactness: ${N} concurrent calls, ${Q} calls left ==`);
    console.log(`answers with data ${ok} (expect ${Math.min(N, Q)}); remaining ${left?.n} (expect ${Q - Math.min(N, Q)})`);
    console.log(`records ${recorded?.n} (expect ${N}); distinct seqNo ${seqNos.size}; charged in records ${recorded?.charged} (expect ${Math.min(N, Q)})`);
    console.log(`balance ${bal?.fen ?? 0} = ledger ${sum?.fen ?? 0}`);
    const exact =
      ok === Math.min(N, Q) && left?.n === Q - ok && recorded?.n === N && seqNos.size === N && recorded?.charged === ok && (bal?.fen ?? 0) === (sum?.fen ?? 0);
    console.log(exact ? 'exact: yes' : 'exact: NO');
    if (!exact) process.exitCode = 1;
    console.log(`load average at the end ${loadavg()}`);
  }
} finally {
  await stopGateways();
  await app.close();
  await database.close();
  await throwaway?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
