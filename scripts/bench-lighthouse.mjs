// npm run bench:lighthouse: Lighthouse (mobile, its default simulated throttling) in the
// machine's Chromium against the public pages the marketing issue names, three runs each; prints
// the median performance, accessibility, best-practices and SEO scores and the first-load JS
// (compressed bytes of the scripts the page loads) next to the floor of the lightest page of the
// same build (/ie: no client component of its own). Starts its own stack unless BASE_URL is set.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, root, waitForUrl } from './lib.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['/ie', '/', '/api', '/api/1882', '/solutionPlan/financial', '/faceRecgnition'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function withStack(fn) {
  if (process.env.BASE_URL) return fn(process.env.BASE_URL.replace(/\/$/, ''));
  const work = mkdtempSync(path.join(os.tmpdir(), 'apimarket-lh-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  const stack = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopped = new Promise((resolve) => stack.on('exit', resolve));
  try {
    const base = `http://localhost:${port}`;
    if (!(await waitForUrl(`${base}/__wire.json`, { timeoutMs: 300_000, isAlive: () => stack.exitCode === null }))) {
      throw new Error('stack did not start');
    }
    return await fn(base);
  } finally {
    stack.kill('SIGTERM');
    await stopped;
    rmSync(work, { recursive: true, force: true });
  }
}

await withStack(async (base) => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows = [];
    for (const p of PAGES) {
      await fetch(base + p).then((r) => r.arrayBuffer()); // warm: first render, caches
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr } = await lighthouse(base + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        const requests = lhr.audits['network-requests']?.details?.items ?? [];
        const js = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
        if (process.env.LIGHTHOUSE_DETAILS && i === 0) {
          const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative');
          console.log(`${p}: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
        }
        runs.push({ ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])), js });
      }
      rows.push({ page: p, ...Object.fromEntries([...CATEGORIES, 'js'].map((k) => [k, median(runs.map((r) => r[k]))])) });
    }
    const floor = rows[0].js;
    console.log(`\nLighthouse mobile, median of ${RUNS} runs; first-load JS as a ratio to ${PAGES[0]} (${(floor / 1024).toFixed(0)} KB)\n`);
    console.log('page                       perf  a11y  best   seo   JS KB  JS ratio');
    for (const r of rows) {
      console.log(
        `${r.page.padEnd(26)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r['best-practices']).padStart(4)}  ${String(r.seo).padStart(4)}  ${(r.js / 1024).toFixed(0).padStart(6)}  ${(r.js / floor).toFixed(2).padStart(7)}x`,
      );
    }
  } finally {
    await chrome.kill();
  }
});
