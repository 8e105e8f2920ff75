// Make sure the machine's Chromium is there for the browser journeys: install Debian's package
// when missing and running as root; otherwise say what to do. Never downloads a browser build.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`[test] Chromium not found at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium fonts-noto-cjk`);
    return false;
  }
  console.log('[test] installing Chromium and CJK fonts from Debian packages …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return false;
  const code = await run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { env });
  return code === 0 && existsSync(CHROMIUM);
}
