// npm start: build what is missing or stale, then run the API server (which migrates and seeds
// the embedded database under DATA_DIR) and the web, print the URL, and stop both on Ctrl-C or
// SIGTERM. Two stacks run side by side with different PORT, API_PORT and DATA_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadDotEnv, newestMtime, root, run, stackEnv, waitForUrl } from './lib.mjs';

loadDotEnv();
const env = stackEnv({ NODE_ENV: 'production' });
const contracts = path.join(root, 'packages/contracts/src');

async function buildIfStale(name, output, sources, args) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (builtAt > 0 && builtAt >= newestMtime(sources)) return;
  console.log(`[start] building ${name} …`);
  const code = await run('npm', args, { env });
  if (code !== 0) {
    console.error(`[start] building ${name} failed`);
    process.exit(code);
  }
}

// Two stacks started together from one checkout share the build: one builds, the other waits.
const lock = path.join(root, '.build-lock');
async function withBuildLock(fn) {
  const until = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      process.on('exit', () => rmSync(lock, { recursive: true, force: true }));
      break;
    } catch {
      // A lock older than the longest build is left over from a killed start: take it over.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error('timed out waiting for another build');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

await withBuildLock(async () => {
  await buildIfStale(
    'server',
    path.join(root, 'apps/server/dist/main.js'),
    [path.join(root, 'apps/server/src'), path.join(root, 'apps/server/drizzle'), contracts],
    ['run', 'build', '-w', '@apimarket/server'],
  );
  await buildIfStale(
    'web',
    path.join(root, 'apps/web/.next/BUILD_ID'),
    [path.join(root, 'apps/web/src'), path.join(root, 'apps/web/next.config.ts'), path.join(root, 'docs/manual'), contracts],
    ['run', 'build', '-w', '@apimarket/web'],
  );
});

const children = new Map();
let stopping = false;

function launch(name, args, cwd) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[start] ${name} stopped unexpectedly (${signal ?? code}); stopping the rest`);
      stop(code || 1);
    } else if (children.size === 0) {
      process.exit(exitCode);
    }
  });
  return child;
}

let exitCode = 0;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const server = launch('server', [path.join(root, 'apps/server/dist/main.js')], root);
const apiUp = await waitForUrl(`http://127.0.0.1:${env.API_PORT}/apiHome/health`, { isAlive: () => server.exitCode === null });
if (!apiUp) {
  console.error('[start] the API server did not come up');
  stop(1);
} else {
  const web = launch('web', [path.join(root, 'apps/web/server.mjs')], path.join(root, 'apps/web'));
  const webUp = await waitForUrl(`http://127.0.0.1:${env.PORT}/__wire.json`, { isAlive: () => web.exitCode === null });
  if (!webUp) {
    console.error('[start] the web did not come up');
    stop(1);
  } else {
    console.log(
      `\n  数据API市场 is running: http://localhost:${env.PORT}\n  (API ${env.API_PORT}, data ${env.DATA_DIR}${env.DEV_TOOLS === '1' ? `, outbox http://localhost:${env.PORT}/dev/outbox ${['1', 'true'].includes(env.DEV_TOOLS_REMOTE ?? '') ? 'OPEN TO THE NETWORK (DEV_TOOLS_REMOTE=1)' : 'for this machine only'}` : ''})\n`,
    );
  }
}
