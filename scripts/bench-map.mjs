// npm run bench:map: how long the vehicle map takes to draw a dense track. Opens the dev tools'
// /dev/map-bench?points=N in the machine's Chromium for a 72 h track at one point every 30 s
// (8 600 points, what 9867 answers) and for a 100-point baseline in the same run, several rounds
// each, and prints the median and worst of the map's own measure (fleetmap:track: from taking the
// points to the frame in which Leaflet's canvas painted them, view fitted), then the frame rate
// while each size plays back at 300× from 80 % of its length. Starts its own stack
// (production build, DEV_TOOLS=1 for the bench page) unless BASE_URL is set.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, root, waitForUrl } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SIZES = [100, 8600];
const MEASURE = 'fleetmap:track';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function withStack(fn) {
  if (process.env.BASE_URL) return fn(process.env.BASE_URL.replace(/\/$/, ''));
  const work = mkdtempSync(path.join(os.tmpdir(), 'apimarket-map-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  const stack = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: path.join(work, 'data'), DEV_TOOLS: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopped = new Promise((resolve) => stack.on('exit', resolve));
  try {
    const base = `http://localhost:${port}`;
    if (!(await waitForUrl(`${base}/__wire.json`, { timeoutMs: 600_000, isAlive: () => stack.exitCode === null }))) {
      throw new Error('stack did not start');
    }
    return await fn(base);
  } finally {
    stack.kill('SIGTERM');
    await stopped;
    rmSync(work, { recursive: true, force: true });
  }
}

/** One fresh page drawing n points: the map's measure, in ms. */
async function drawOnce(browser, base, n) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(`${base}/dev/map-bench?points=${n}`, { waitUntil: 'load', timeout: 300_000 });
    await page.locator(`[data-track-points="${n}"]`).waitFor({ timeout: 120_000 });
    return await page.evaluate((name) => performance.getEntriesByName(name).at(-1)?.duration ?? Number.NaN, MEASURE);
  } finally {
    await page.close();
  }
}

/** Playing n points from 80 % at 300×: the frame intervals over three seconds, in ms. */
async function playOnce(browser, base, n) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(`${base}/dev/map-bench?points=${n}&play=1`, { waitUntil: 'load', timeout: 300_000 });
    await page.locator(`[data-track-points="${n}"]`).waitFor({ timeout: 120_000 });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const gaps = [];
          let last = performance.now();
          const end = last + 3000;
          const frame = (now) => {
            gaps.push(now - last);
            last = now;
            if (now < end) requestAnimationFrame(frame);
            else resolve(gaps);
          };
          requestAnimationFrame(frame);
        }),
    );
  } finally {
    await page.close();
  }
}

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

await withStack(async (base) => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // A first load of each size warms the server's render and the browser's caches; not counted.
    for (const n of SIZES) await drawOnce(browser, base, n);
    const runs = Object.fromEntries(SIZES.map((n) => [n, []]));
    // Sizes alternate within a round, so a busy moment of the machine falls on both alike.
    for (let r = 0; r < ROUNDS; r++) for (const n of SIZES) runs[n].push(await drawOnce(browser, base, n));
    console.log(`vehicle map: time to draw a track (${MEASURE}), ${ROUNDS} rounds, Chromium ${browser.version()}, 1440×900`);
    for (const n of SIZES) {
      const xs = runs[n];
      console.log(
        `  ${String(n).padStart(5)} points   median ${median(xs).toFixed(1).padStart(6)} ms   worst ${Math.max(...xs)
          .toFixed(1)
          .padStart(6)} ms`,
      );
    }
    const [small, big] = SIZES.map((n) => median(runs[n]));
    console.log(`  ${SIZES[1]} points cost ${(big - small).toFixed(1)} ms more than ${SIZES[0]} (×${(big / small).toFixed(2)})`);
    console.log('playback at 300× from 80 % of the track (the played line redrawn each frame), 3 s:');
    for (const n of SIZES) {
      const gaps = await playOnce(browser, base, n);
      const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      console.log(
        `  ${String(n).padStart(5)} points   ${(1000 / mean).toFixed(0).padStart(3)} frames/s   p95 frame ${p95(gaps).toFixed(1)} ms   frames over 50 ms: ${gaps.filter((g) => g > 50).length}`,
      );
    }
  } finally {
    await browser.close();
  }
});
