// npm test: typecheck, lint, unit and server integration tests (Vitest on in-memory PGlite),
// then the browser journeys (Playwright in the machine's Chromium) against a stack started
// exactly as `npm start` starts it, on free ports and a temporary data dir. Ends with one line
// `tests: N passed, M failed` over every runner (typecheck and lint count as one check each).
// Every portal call the journeys make passes through Stoplight Prism in validating proxy mode
// (scripts/prism-proxy.mjs, the web's API_ORIGIN): what Prism finds — an answer that breaks its
// declared schema, an undeclared status, a 5xx, a request the document calls invalid — is one
// more check. Then the contract fuzz (scripts/contract-fuzz.ts) sends requests drawn from the
// document to the same stack through Prism: one more. After them, the stack's log and data
// directory are searched for personal values in clear (scripts/leak-check.mjs), one more.
//   --only unit|e2e|contract   run one part (contract: the stack and the fuzz, no journeys)
//   <file>.spec.ts …           only these journeys (e.g. npm run test:e2e -- e2e/tests/frame.spec.ts)
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { checkDataDir, checkLog, journeyIdNumbers } from './leak-check.mjs';
import { freePort, root, run, waitForUrl } from './lib.mjs';
import { fetchPortalDocument, startPrismProxy, summarize } from './prism-proxy.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const specs = process.argv.slice(2).filter((a) => a.endsWith('.spec.ts'));
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

/** One check's verdict, counted and said. */
function verdict(name, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    console.error(`[test] ${name} failed`);
  }
}

async function e2e({ journeys = true } = {}) {
  console.log(journeys ? '\n[test] end to end (playwright, chromium)' : '\n[test] contract fuzz (a stack as npm start starts it)');
  if (journeys && !(await ensureChromium())) {
    totals.failed += 1;
    return;
  }
  const [port, apiPort, prismPort] = [await freePort(), await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const dataDir = path.join(work, 'data');
  // The stack logs every request (JSON lines) to a file the leak check reads; warnings and the
  // start banner still reach the console.
  const logFile = path.join(work, 'stack.log');
  const log = createWriteStream(logFile);
  const stack = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    // The journeys present themselves from many addresses (X-Forwarded-For, so each meets its
    // own throttles) while reading codes from the dev tools: all of them are this machine.
    // The web reaches the API through Prism (started below, once the API serves its document).
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      ...(journeys ? { API_ORIGIN: `http://127.0.0.1:${prismPort}` } : {}),
      DATA_DIR: dataDir,
      DEV_TOOLS: '1',
      DEV_TOOLS_REMOTE: '1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
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
  let prism = null;
  try {
    const up = await waitForUrl(`http://127.0.0.1:${port}/__wire.json`, { timeoutMs: 300_000, isAlive: () => stack.exitCode === null });
    if (!up) {
      console.error('[test] the stack did not start');
      totals.failed += 1;
      return;
    }
    if (journeys) {
      try {
        const document = await fetchPortalDocument(api, path.join(work, 'portal.json'));
        prism = await startPrismProxy({ document, api, errors: true, port: prismPort, label: 'prism', log: path.join(work, 'prism.log') });
      } catch (err) {
        console.error(`[test] Prism did not start: ${err.message}`);
        totals.failed += 1;
        return;
      }
      await journeysThroughPrism(port, apiPort, dataDir, prism);
    }
    // The web stays behind Prism: what the fuzz publishes makes the API ask the web to render
    // pages again, and those pages' calls are held to the document too (counted with the fuzz).
    const before = prism?.findings.length ?? 0;
    console.log('\n[test] contract fuzz: requests drawn from the portal document, through Prism');
    const fuzz = await npx(['tsx', 'scripts/contract-fuzz.ts', '--api', api, '--web', `http://localhost:${port}`], { DATA_DIR: dataDir });
    const late = summarize(prism?.findings.slice(before) ?? []);
    for (const line of late) console.error(`[prism] while the fuzz ran, the web's own calls: ${line}`);
    verdict('contract fuzz', fuzz === 0 && late.length === 0);
  } finally {
    await prism?.stop();
    stack.kill('SIGTERM');
    await stopped;
    await new Promise((resolve) => log.end(resolve));
  }
  console.log('\n[test] personal data in the log and the data directory');
  const ids = journeyIdNumbers(path.join(root, 'e2e/tests'), path.join(root, 'apps/server/src/db/seed'));
  const problems = [...checkLog(logFile), ...checkDataDir(dataDir, ids)];
  for (const p of problems) console.error(`[leak-check] ${p}`);
  verdict('personal data check', problems.length === 0);
}

/** The journeys, their portal calls through Prism; then what Prism found, as one check. */
async function journeysThroughPrism(port, apiPort, dataDir, prism) {
  const out = path.join(work, 'playwright.json');
  const code = await npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...specs], {
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
  console.log("\n[test] the journeys' calls held to the portal OpenAPI document (Prism)");
  const lines = summarize(prism.findings);
  for (const line of lines) console.error(`[prism] ${line}`);
  const operations = [...prism.counts.byOperation.keys()].length;
  console.log(
    `[prism] ${prism.counts.requests} calls over ${operations} operations (${prism.counts.withoutSession} without the session they ask for): ${lines.length} distinct findings`,
  );
  verdict('journeys through Prism', lines.length === 0);
}

try {
  if (!only) {
    await check('typecheck', ['npm', 'run', '--silent', 'typecheck']);
    await check('lint', ['biome', 'check', '--error-on-warnings', '.']);
  }
  if (!only || only === 'unit') await unit();
  if (!only || only === 'e2e') await e2e();
  if (only === 'contract') await e2e({ journeys: false });
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
