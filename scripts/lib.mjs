// Helpers shared by the start, dev and test scripts and the benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Load ./.env into process.env when present (existing variables win). */
export function loadDotEnv() {
  const file = path.join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Newest modification time under the given paths (skipping build output and node_modules). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === '.next' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const p of paths) walk(p);
  return newest;
}

export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Poll a URL until it answers (any status) or the time runs out. */
export async function waitForUrl(url, { timeoutMs = 90_000, isAlive = () => true } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return false;
}

/** The settings `npm start` and `npm run dev` give both processes unless the environment says otherwise. */
export function stackEnv(extra = {}) {
  const port = process.env.PORT ?? '3000';
  return {
    ...process.env,
    PORT: port,
    API_PORT: process.env.API_PORT ?? '3001',
    DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
    DEV_TOOLS: process.env.DEV_TOOLS ?? '1',
    NEXT_TELEMETRY_DISABLED: '1',
    // Publishing in the console refreshes this stack's web pages at once: the API calls the web
    // beside it, both holding the same secret (a fresh one per start unless the setting gives one).
    WEB_ORIGIN: process.env.WEB_ORIGIN || `http://127.0.0.1:${port}`,
    REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || randomBytes(24).toString('hex'),
    ...extra,
  };
}

// PostgreSQL for the test suite and the benchmarks: Debian's, installed when missing (as root).
function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

async function ensurePostgres() {
  if (pgBin()) return pgBin();
  if (process.getuid?.() !== 0) {
    console.error('PostgreSQL not found. Install it (apt-get install -y postgresql) or give a database URL (TEST_DATABASE_URL, BENCH_DATABASE_URL).');
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  if ((await run('apt-get', ['install', '-y', '-qq', 'postgresql'], { env })) !== 0) process.exit(1);
  return pgBin();
}

/**
 * Runs fn(adminUrl, { postmasterPid }) against a throwaway PostgreSQL cluster on 127.0.0.1,
 * removed afterwards (the benchmarks count the CPU time of the postmaster and its children).
 * durable: false (the tests) runs it without fsync; the benchmarks keep PostgreSQL's defaults,
 * so a commit is on disk when it returns, as in production.
 */
export async function withCluster(fn, { durable = true } = {}) {
  const bin = await ensurePostgres();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  // PostgreSQL refuses to run as root: run the cluster as the postgres user when we are root.
  const asPg = process.getuid?.() === 0;
  const exec = (cmd, args) => {
    const full = path.join(bin, cmd);
    const r = asPg ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'inherit' }) : spawnSync(full, args, { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${cmd} failed`);
  };
  const data = path.join(dir, 'data');
  exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -h 127.0.0.1${durable ? '' : ' -F'}`, '-w', 'start']);
  try {
    const postmasterPid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return await fn(`postgres://postgres@127.0.0.1:${port}/postgres`, { postmasterPid });
  } finally {
    try {
      exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
