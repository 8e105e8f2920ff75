// The web build (npm run build -w @apimarket/web): the operation manual, then `next build` with a
// temporary API beside it. Pages that are regenerated in the background (ISR: the home page) are
// rendered once at build time, and their data must come from a real API — so this starts the
// built server (apps/server/dist) on a free port with a throwaway embedded database holding the
// seed, points the build at it, and removes both afterwards. At run time such a page is
// regenerated from the live API on its first visit after the revalidation period.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, run, waitForUrl } from './lib.mjs';

const web = path.join(root, 'apps/web');
const serverMain = path.join(root, 'apps/server/dist/main.js');

if ((await run('node', [path.join(root, 'scripts/build-manual.mjs')], { cwd: web })) !== 0) process.exit(1);
if (!existsSync(serverMain)) {
  console.error('[build-web] apps/server/dist/main.js is missing: build the server first (npm run build -w @apimarket/server)');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-build-api-'));
const apiPort = await freePort();
const api = spawn(process.execPath, [serverMain], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SERVER_ROLE: 'all',
    RUN_JOBS: '0',
    // Sends nothing: the outbox, whatever providers the environment configures for the real API.
    SMS_PROVIDER: 'outbox',
    SMTP_URL: '',
    DEV_TOOLS: '1',
    LOG_LEVEL: 'warn',
  },
});
const stopApi = () => {
  if (api.exitCode === null) api.kill('SIGTERM');
};
process.on('exit', () => {
  stopApi();
  rmSync(dataDir, { recursive: true, force: true });
});

let code = 1;
if (await waitForUrl(`http://127.0.0.1:${apiPort}/apiHome/health`, { isAlive: () => api.exitCode === null })) {
  code = await run('npx', ['next', 'build'], {
    cwd: web,
    // The build's API only; the web process reads its own API_ORIGIN / API_PORT when it starts.
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  });
} else {
  console.error('[build-web] the temporary API did not come up');
}
stopApi();
await new Promise((r) => (api.exitCode === null ? api.once('exit', r) : r()));
process.exit(code);
