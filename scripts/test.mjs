// npm test: typecheck, lint, unit and server integration tests (Vitest on in-memory PGlite),
// then the browser journeys (Playwright in the machine's Chromium) against a stack started
// exactly as `npm start` starts it, on free ports and a temporary data dir. Ends with one line
// `tests: N passed, M failed` over every runner (typecheck and lint count as one check each).
// After the journeys, the stack's log and data directory are searched for personal values in
// clear (scripts/leak-check.mjs), counted as one more check.
//   --only unit|e2e   run one part
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { checkDataDir, checkLog, journeyIdNumbers } from './leak-check.mjs';
import { freePort, root, run, waitForUrl } from './lib.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const work = mkdtempSync(path.join(os.tmpdir(), 'apimarket-test-'));
const totals = { passed: 0, failed: 0 };
const npx = (args, env = {}) => run('npx', args, { env: { ...process.env, ...env } });

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function check(name, args) {
  console.log(`\n[test] ${name}`);
  const code = await npx(args);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    console.error(`[test] ${name} failed`);
  }
}

async function unit() {
  console.log('\n[test] unit and integration (vitest)');
  const out = path.join(work, 'vitest.json');
  const code = await npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const report = readJson(out);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
  }
  if (code !== 0 && (!report || report.numFailedTests === 0)) totals.failed += 1; // crashed outside a test
}

async function e2e() {
  console.log('\n[test] end to end (playwright, chromium)');
  if (!(await ensureChromium())) {
    totals.failed += 1;
    return;
  }
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = path.join(work, 'data');
  // The stack logs every request (JSON lines) to a file the leak check reads; warnings and the
  // start banner still reach the console.
  const logFile = path.join(work, 'stack.log');
  const log = createWriteStream(logFile);
  const stack = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    // The journeys present themselves from many addresses (X-Forwarded-For, so each meets its
    // own throttles) while reading codes from the dev tools: all of them are this machine.
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, DEV_TOOLS: '1', DEV_TOOLS_REMOTE: '1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [stack.stdout, stack.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      const level = /^\{"level":(\d+)/.exec(line)?.[1];
      if (level === undefined || Number(level) >= 40) console.log(line);
    });
  }
  const stopped = new Promise((resolve) => stack.on('exit', resolve));
  try {
    const up = await waitForUrl(`http://127.0.0.1:${port}/__wire.json`, { timeoutMs: 300_000, isAlive: () => stack.exitCode === null });
    if (!up) {
      console.error('[test] the stack did not start');
      totals.failed += 1;
      return;
    }
    const out = path.join(work, 'playwright.json');
    const code = await npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir, // journeys run `npm run console` against this stack
      GATEWAY_URL: `http://127.0.0.1:${apiPort}`, // and call the open data API as a customer's system does
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    });
    const stats = readJson(out)?.stats;
    if (stats) {
      totals.passed += stats.expected + (stats.flaky ?? 0);
      totals.failed += stats.unexpected;
    }
    if (code !== 0 && (!stats || stats.unexpected === 0)) totals.failed += 1;
  } finally {
    stack.kill('SIGTERM');
    await stopped;
    await new Promise((resolve) => log.end(resolve));
  }
  console.log('\n[test] personal data in the log and the data directory');
  const ids = journeyIdNumbers(path.join(root, 'e2e/tests'), path.join(root, 'apps/server/src/db/seed'));
  const problems = [...checkLog(logFile), ...checkDataDir(dataDir, ids)];
  for (const p of problems) console.error(`[leak-check] ${p}`);
  if (problems.length === 0) totals.passed += 1;
  else totals.failed += 1;
}

try {
  if (!only) {
    await check('typecheck', ['npm', 'run', '--silent', 'typecheck']);
    await check('lint', ['biome', 'check', '--error-on-warnings', '.']);
  }
  if (!only || only === 'unit') await unit();
  if (!only || only === 'e2e') await e2e();
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
