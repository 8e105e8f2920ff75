// npm run test:postgres: the server's integration suite against a real PostgreSQL. Uses
// TEST_DATABASE_URL when given; otherwise starts a throwaway cluster on 127.0.0.1 (installing
// Debian's postgresql when missing and running as root) and removes it afterwards.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, run } from './lib.mjs';

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
    console.error('[test:postgres] PostgreSQL not found. Install it (apt-get install -y postgresql) or set TEST_DATABASE_URL.');
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  if ((await run('apt-get', ['install', '-y', '-qq', 'postgresql'], { env })) !== 0) process.exit(1);
  return pgBin();
}

async function withCluster(fn) {
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
  exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -F`, '-w', 'start']);
  try {
    return await fn(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    try {
      exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const runSuite = (url) => run('npx', ['vitest', 'run', '--project', 'server'], { env: { ...process.env, TEST_DATABASE_URL: url } });

const code = process.env.TEST_DATABASE_URL ? await runSuite(process.env.TEST_DATABASE_URL) : await withCluster(runSuite);
process.exit(code);
