// Password hashing beside the open data API (issue #16 §3: 16 concurrent anonymous requests
// running argon2id raised the open data API's p50 from 5.6 ms to 87 ms). The server runs as its
// own process (src/main.ts on a file-backed PGlite, the embedded default), restarted for each
// setting of ARGON2_CONCURRENCY: unset (automatic: half the cores, 1 on two cores) and 16 (no cap
// of its own, as before the fix: then libuv's thread pool, 4 threads by default, is the bound).
// For each: the gateway alone, then the gateway while 16 concurrent clients send
// memberShip/postLogin with wrong passwords, then those logins alone. The gateway load comes from
// autocannon in a separate process (10 connections, closed loop and a fixed rate); the logins
// from this process, each with a fresh X-Forwarded-For (the server trusts loopback proxies) and
// login name, so no throttle or captcha answers instead of a hash. CPU time from /proc: the
// server's event-loop thread and its other threads (libuv's pool, where argon2 runs, and V8's
// helpers), this process (the login clients), autocannon, and the whole machine.
// Run: npm run bench:argon2
//
//   BENCH_SECONDS=8      seconds per run
//   BENCH_ROUNDS=2       rounds; each round starts the server once per setting (order alternates)
//   BENCH_RATE=300       the gateway's fixed rate (req/s) in the fixed-rate runs
//   BENCH_UNCAPPED=16    the ARGON2_CONCURRENCY of the uncapped server
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeSign } from '@apimarket/contracts';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/db/seed';
import { PASSWORD_CONCURRENCY } from '../src/modules/identity/password';
import { benchPurchase, freePort, percentile } from './fixtures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const UNCAPPED = process.env.BENCH_UNCAPPED ?? '16';
const CONNECTIONS = 10;
const LOGIN_CLIENTS = 16;
const CLK_TCK = 100; // Linux's USER_HZ: /proc counts CPU time in hundredths of a second

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const autocannon = createRequire(import.meta.url).resolve('autocannon');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-argon2-bench-'));
const settings = {
  DEV_TOOLS: '1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RUN_JOBS: '0',
  API_HOST: '127.0.0.1',
  GATEWAY_RATE_PER_KEY: '100000',
  // All of autocannon's calls come from 127.0.0.1.
  GATEWAY_RATE_PER_ADDRESS: '1000000',
};
const signSecret = loadConfig(settings).wire.signSecret;

// The database the server processes open: migrated, seeded, and a purchase of 实名认证 with
// plenty of calls for an approved enterprise (as bench/gateway.ts sets it up).
const database = await openDatabase({ dataDir });
await database.migrate();
await seed(database.db);
const { key } = await benchPurchase(database.db);
await database.close();
const gatewayBody = new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }).toString();
const FORM = 'application/x-www-form-urlencoded';

interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
}

/** src/main.ts with ARGON2_CONCURRENCY set, or left out (the automatic cap). */
async function startServer(concurrency: string | undefined): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env, ...settings, API_PORT: String(port), ARGON2_CONCURRENCY: concurrency };
  delete env.DATABASE_URL;
  if (concurrency === undefined) delete env.ARGON2_CONCURRENCY;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/apiHome/health`)).ok && child.pid) return { child, pid: child.pid, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

// ── CPU time from /proc (Linux) ─────────────────────────────────────────────────────────────────

/** utime + stime of a process or thread, in seconds. */
function cpuSeconds(statFile: string): number {
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return Number.NaN; // not Linux, or the thread has gone
  }
}

/**
 * The server's CPU: in all, and its event-loop thread (HTTP, the gateway's pipeline, PGlite's
 * WASM and file calls). The rest is its other threads: libuv's pool, where @node-rs/argon2
 * hashes, and V8's helpers (garbage collection). Node 20's libuv does not name its threads, so
 * the pool is not told apart from the helpers; the gateway-alone runs show the helpers' share.
 */
function serverCpu(pid: number): { total: number; main: number } {
  return { total: cpuSeconds(`/proc/${pid}/stat`), main: cpuSeconds(`/proc/${pid}/task/${pid}/stat`) };
}

/** Busy and total CPU seconds of the whole machine. */
function machineCpu(): { busy: number; all: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const n = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const all = n.reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { busy: (all - idle) / CLK_TCK, all: all / CLK_TCK };
  } catch {
    return { busy: Number.NaN, all: Number.NaN };
  }
}

// ── Load ────────────────────────────────────────────────────────────────────────────────────────

interface Latency {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than the expected one (gateway: non-2xx; logins: anything but ALL_0020). */
  unexpected: number;
}

/**
 * autocannon in its own process on the open data API: closed loop, or a fixed rate. Its CPU
 * seconds are read from /proc while it runs (the last reading before it exits).
 */
function cannon(base: string, rate: number): Promise<{ latency: Latency; cpu: number }> {
  return new Promise((resolve, reject) => {
    const args = [autocannon, '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-m', 'POST', '-H', `content-type=${FORM}`, '-b', gatewayBody];
    if (rate > 0) args.push('-R', String(rate));
    const child = spawn(process.execPath, [...args, `${base}/communication/personal/1882`], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    let cpu = 0;
    const sample = setInterval(() => {
      const now = cpuSeconds(`/proc/${child.pid}/stat`);
      if (Number.isFinite(now)) cpu = now;
    }, 100);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const now = cpuSeconds(`/proc/${child.pid}/stat`);
      if (Number.isFinite(now)) cpu = now;
    });
    child.on('exit', () => {
      clearInterval(sample);
      try {
        const r = JSON.parse(out);
        resolve({ latency: { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, unexpected: r.non2xx + r.errors + r.timeouts }, cpu });
      } catch (err) {
        reject(err);
      }
    });
  });
}

// Every login comes from an address and names an account never used before in the run: the
// per-address throttle (100 in 15 min) and the captcha after 5 failures never answer instead of a
// hash. The account does not exist, which costs the same argon2 check as a wrong password.
let loginSeq = 0;

async function oneLogin(base: string): Promise<boolean> {
  const n = ++loginSeq;
  const cdpDate = String(Date.now());
  const fields = { token: '', cdpDate, tourisToken: '', isLogin: '0', sign: computeSign('', cdpDate, signSecret), name: `nb${n}x`, pwd: 'wrongpass9' };
  const res = await fetch(`${base}/apiHome/memberShip/postLogin`, {
    method: 'POST',
    headers: {
      'content-type': FORM,
      'x-requested-with': 'XMLHttpRequest',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      'user-agent': 'bench-argon2',
    },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = (await res.json()) as { code?: string };
  return answer.code === 'ALL_0020';
}

/** LOGIN_CLIENTS clients, each sending its next login when the last is answered. */
function hammer(base: string): { stop: () => Promise<Latency> } {
  let running = true;
  const latencies: number[] = [];
  let unexpected = 0;
  const started = performance.now();
  const client = async () => {
    while (running) {
      const t = performance.now();
      try {
        if (!(await oneLogin(base))) unexpected++;
      } catch {
        unexpected++;
      }
      latencies.push(performance.now() - t);
    }
  };
  const clients = Array.from({ length: LOGIN_CLIENTS }, client);
  return {
    stop: async () => {
      running = false;
      await Promise.all(clients);
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      // No answer at all reads as NaN, not as 0 ms.
      const pct = (p: number) => (latencies.length ? percentile(latencies, p) : Number.NaN);
      return { rps: latencies.length / seconds, p50: pct(50), p99: pct(99), unexpected };
    },
  };
}

// ── Runs ────────────────────────────────────────────────────────────────────────────────────────

interface Measured {
  gateway: Latency | null;
  logins: Latency | null;
  /**
   * Cores busy on average over the run: the server, its event-loop thread and its other threads,
   * this process (the login clients), autocannon, and the whole machine (other work included).
   */
  cores: { server: number; loop: number; others: number; logins: number; cannon: number; machine: number };
}

interface Plan {
  label: string;
  /** 0: closed loop; -1: no gateway load. */
  rate: number;
  logins: boolean;
}

const PLANS: Plan[] = [
  { label: `gateway alone, ${CONNECTIONS} conn.`, rate: 0, logins: false },
  { label: `gateway alone, ${RATE}/s`, rate: RATE, logins: false },
  { label: `gateway + ${LOGIN_CLIENTS} logins, ${CONNECTIONS} conn.`, rate: 0, logins: true },
  { label: `gateway + ${LOGIN_CLIENTS} logins, ${RATE}/s`, rate: RATE, logins: true },
  { label: `${LOGIN_CLIENTS} logins alone`, rate: -1, logins: true },
];

async function measure(server: Server, plan: Plan): Promise<Measured> {
  const s0 = serverCpu(server.pid);
  const m0 = machineCpu();
  const b0 = process.cpuUsage();
  const t0 = performance.now();
  const logins = plan.logins ? hammer(server.base) : null;
  let gateway: Latency | null = null;
  let cannonCpu = 0;
  if (plan.rate >= 0) {
    const run = await cannon(server.base, plan.rate);
    gateway = run.latency;
    cannonCpu = run.cpu;
  } else {
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
  }
  const loginRun = logins ? await logins.stop() : null;
  const wall = (performance.now() - t0) / 1000;
  const s1 = serverCpu(server.pid);
  const m1 = machineCpu();
  const b1 = process.cpuUsage(b0);
  return {
    gateway,
    logins: loginRun,
    cores: {
      server: (s1.total - s0.total) / wall,
      loop: (s1.main - s0.main) / wall,
      others: (s1.total - s0.total - (s1.main - s0.main)) / wall,
      logins: (b1.user + b1.system) / 1e6 / wall,
      cannon: cannonCpu / wall,
      machine: ((m1.busy - m0.busy) / (m1.all - m0.all)) * os.cpus().length,
    },
  };
}

/** One server, started with the setting, through every plan. */
async function runServer(concurrency: string | undefined): Promise<Measured[]> {
  const server = await startServer(concurrency);
  try {
    // Warm-up: the pipeline's code paths, the purchase cache, and the login's placeholder hash.
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${server.base}/communication/personal/1882`, { method: 'POST', headers: { 'content-type': FORM }, body: gatewayBody });
      const answer = (await res.json()) as { code?: string };
      if (answer.code !== '10000') throw new Error(`the gateway answered ${JSON.stringify(answer)}`);
    }
    for (let i = 0; i < 8; i++) if (!(await oneLogin(server.base))) throw new Error('a wrong login did not answer ALL_0020');
    const out: Measured[] = [];
    for (const plan of PLANS) out.push(await measure(server, plan));
    return out;
  } finally {
    await stopServer(server);
  }
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const lat = (l: Latency | null) =>
  l
    ? `${f0(l.rps).padStart(5)} req/s p50 ${f1(l.p50).padStart(5)} p99 ${f1(l.p99).padStart(6)} ms${l.unexpected ? ` (${l.unexpected} unexpected!)` : ''}`
    : ''.padEnd(37);
/** What the machine spent besides this benchmark's processes: other work sharing the cores. */
const rest = (c: Measured['cores']) => Math.max(0, c.machine - c.server - c.logins - c.cannon);
const cores = (c: Measured['cores']) =>
  `server ${f2(c.server)} (loop ${f2(c.loop)}, other threads ${f2(c.others)}), login clients ${f2(c.logins)}, autocannon ${f2(c.cannon)}, ` +
  `machine ${f2(c.machine)} (other work ${f2(rest(c))})`;

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const settingsRun = [
  { label: `ARGON2_CONCURRENCY unset (automatic: ${PASSWORD_CONCURRENCY})`, value: undefined },
  { label: `ARGON2_CONCURRENCY=${UNCAPPED}`, value: UNCAPPED },
];
const results = new Map<string, Measured[][]>(settingsRun.map((s) => [s.label, []]));
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
try {
  console.log(
    `file-backed PGlite, server in its own process; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, ` +
      `UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}; ${SECONDS} s per run, ${ROUNDS} round(s); load average ${loadavg()}`,
  );
  console.log(
    "cores: CPU seconds per second of the run (loop: the server's event-loop thread; other threads: its thread pool, where argon2 runs, and V8's helpers)",
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? settingsRun : [...settingsRun].reverse();
    for (const s of order) {
      console.log(`\n== round ${round + 1}: ${s.label} ==`);
      const runs = await runServer(s.value);
      results.get(s.label)?.push(runs);
      runs.forEach((r, i) => {
        console.log(`${(PLANS[i]?.label ?? '').padEnd(30)} ${lat(r.gateway)}  ${r.logins ? `logins ${lat(r.logins)}` : ''}`);
        console.log(`${''.padEnd(30)} cores: ${cores(r.cores)}`);
      });
    }
  }

  console.log(`\n== medians over ${ROUNDS} round(s) ==`);
  console.log(
    'setting | run | gateway req/s | p50 | p99 | logins/s | login p50 | login p99 | server cores (loop, other threads) | login clients | autocannon | machine (other work)',
  );
  for (const s of settingsRun) {
    const rounds = results.get(s.label) ?? [];
    PLANS.forEach((plan, i) => {
      const runs = rounds.map((r) => r[i]).filter((r): r is Measured => r !== undefined);
      const g = (pick: (l: Latency) => number) => median(runs.map((r) => (r.gateway ? pick(r.gateway) : Number.NaN)));
      const l = (pick: (l: Latency) => number) => median(runs.map((r) => (r.logins ? pick(r.logins) : Number.NaN)));
      const c = (pick: (c: Measured['cores']) => number) => median(runs.map((r) => pick(r.cores)));
      console.log(
        [
          s.label,
          plan.label,
          f0(g((x) => x.rps)),
          f1(g((x) => x.p50)),
          f1(g((x) => x.p99)),
          f0(l((x) => x.rps)),
          f1(l((x) => x.p50)),
          f1(l((x) => x.p99)),
          `${f2(c((x) => x.server))} (${f2(c((x) => x.loop))}, ${f2(c((x) => x.others))})`,
          f2(c((x) => x.logins)),
          f2(c((x) => x.cannon)),
          `${f2(c((x) => x.machine))} (${f2(c(rest))})`,
        ].join(' | '),
      );
    });
  }
  console.log(`\nload average at the end ${loadavg()}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
