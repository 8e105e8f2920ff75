// npm run bench: the catalogue's search latency (on the seed and on 10 000 interfaces), then
// requests per second of /, /api and /api/{id} from the web process, each as a ratio to a
// static file served by the same process in the same run. Figures go to docs/performance.md.
// Starts its own stack on free ports and a temporary data dir, and stops it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, root, run, waitForUrl } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

console.log('\n== catalogue search latency (in-memory PGlite) ==');
const searchCode = await run('npx', ['tsx', 'bench/catalog-search.ts'], { cwd: path.join(root, 'apps/server') });
if (searchCode !== 0) process.exit(searchCode);

console.log(`\n== web requests per second (${DURATION_S} s each, 10 connections) ==`);
const work = mkdtempSync(path.join(os.tmpdir(), 'apimarket-bench-'));
const [port, apiPort] = [await freePort(), await freePort()];
const stack = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopped = new Promise((resolve) => stack.on('exit', resolve));
try {
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitForUrl(`${base}/__wire.json`, { timeoutMs: 300_000, isAlive: () => stack.exitCode === null }))) {
    throw new Error('stack did not start');
  }
  const measure = async (p) => {
    await fetch(base + p).then((r) => r.arrayBuffer()); // warm: first render, caches
    const r = await autocannon({ url: base + p, connections: 10, duration: DURATION_S });
    return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
  };
  const baseline = await measure('/favicon.svg');
  console.log(`static /favicon.svg      ${baseline.rps.toFixed(0).padStart(6)} req/s  p99 ${baseline.p99} ms  (baseline)`);
  for (const p of ['/', '/api', '/api/1882']) {
    const m = await measure(p);
    console.log(
      `${p.padEnd(24)} ${m.rps.toFixed(0).padStart(6)} req/s  p99 ${m.p99} ms  ratio ${(m.rps / baseline.rps).toFixed(2)}x of static${m.non2xx ? `  (${m.non2xx} non-2xx!)` : ''}`,
    );
  }
} finally {
  stack.kill('SIGTERM');
  await stopped;
  rmSync(work, { recursive: true, force: true });
}
