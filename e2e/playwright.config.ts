import { defineConfig, devices } from '@playwright/test';

// Browser journeys in the machine's Chromium against a stack started as `npm start` starts it
// (scripts/test.mjs starts it on free ports and a fresh data dir, then sets BASE_URL).
const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';
/**
 * What a visitor does, run beside the journeys: the sweeps over every page (fit.spec.ts,
 * pages.spec.ts) and the visitor's header, frame, catalogue, content and lead-dialog checks. They
 * sign no one in, and what they write (a lead, an audit request, each with its own phone) no other
 * spec counts. (They balance the two workers: the journeys are the longer list — 588 s against
 * 457 + 42 s of sweeps and phone checks in the last full run.)
 */
const SWEEPS = /\/(fit|pages|header|frame|catalog|content|lead-words)\.spec\.ts$/;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  // Two files at a time: the journeys — which share the setup customer and the operator queues —
  // keep to one worker, one after another; the other runs the read-only sweeps (every page at every
  // width, every page's links) and the phone checks beside them.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: chromium,
  },
  projects: [
    // One customer registered through the API and saved as browser state (tests/setup/state.ts),
    // for specs that only need "a signed-in customer".
    { name: 'setup', testMatch: /setup\/.*\.setup\.ts$/ },
    {
      // Reads only: pages load, fit every width and link to pages that answer.
      name: 'sweeps',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
      testMatch: SWEEPS,
      // One sweep at a time: with both workers on the sweeps first, the journeys (one worker,
      // below) only started once they were done, and the run took the sum of the two.
      workers: 1,
      dependencies: ['setup'],
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
      testIgnore: [/\.mobile\.spec\.ts$/, SWEEPS],
      workers: 1,
      dependencies: ['setup'],
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: devices['iPhone 13'].userAgent, launchOptions: chromium },
      testMatch: /\.mobile\.spec\.ts$/,
      workers: 1,
      dependencies: ['setup'],
    },
  ],
});
