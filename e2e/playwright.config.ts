import { defineConfig, devices } from '@playwright/test';

// Browser journeys in the machine's Chromium against a stack started as `npm start` starts it
// (scripts/test.mjs starts it on free ports and a fresh data dir, then sets BASE_URL).
const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';

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
  workers: 1,
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
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
      testIgnore: /\.mobile\.spec\.ts$/,
      dependencies: ['setup'],
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: devices['iPhone 13'].userAgent, launchOptions: chromium },
      testMatch: /\.mobile\.spec\.ts$/,
      dependencies: ['setup'],
    },
  ],
});
