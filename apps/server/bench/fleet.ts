// Vehicle tracks and fences (issue #22): (a) the sandbox's 72 h trajectory answer (9867, a report
// every 30 s: 8 641 points) built and serialised, beside answering the same points from memory
// (JSON.stringify of the prebuilt answer) in the same run; a cold build simulates the truck's
// slots first (a new plate each round), a warm one finds them cached. (b) Fence entries and exits
// for 100 vehicles × 20 fences over 72 h with fenceCrossings, beside the same loops doing only the
// bounding-box check of every point, and beside merely reading every point. Wall time and the
// process's CPU time (user + system), median of BENCH_ROUNDS after a warm-up. (c) The same 72 h
// trajectory called through the open data API (app.inject: key, checks, sandbox, charge, record),
// beside a 9694 latest-position call through the same pipeline.
//
//   npm run bench:fleet               (BENCH_ROUNDS=9 by default)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { destinationPoint, type FenceGeometry, fenceCrossings, type LonLat, prepareFence, type TrackColumns } from '@apimarket/contracts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { purchases } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { SEED_INTERFACES } from '../src/db/seed/data/interfaces';
import { createLogger } from '../src/http/logging';
import { newPurchaseKey } from '../src/modules/billing/billing.service';
import { sandboxAnswer } from '../src/providers/sandbox';
import { drawFor } from '../src/providers/sandbox/draw';
import { chinaClock, HUBS, trackOf } from '../src/providers/sandbox/fleet';
import { benchPurchase } from './fixtures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-26T15:20:47+08:00');
const WINDOW = { startTime: '2026-11-22 00:00:00', endTime: '2026-11-25 00:00:00' };
const START = Date.parse('2026-11-22T00:00:00+08:00');

const spec = SEED_INTERFACES.find((s) => s.id === 9867);
if (!spec) throw new Error('no interface 9867');

interface Figure {
  wallMs: number;
  cpuMs: number;
}

function measure(fn: (round: number) => unknown, rounds = ROUNDS): Figure & { result: unknown } {
  let result = fn(-1);
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    result = fn(r);
    walls.push(performance.now() - t0);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wallMs: median(walls), cpuMs: median(cpus), result };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function measureAsync(fn: () => Promise<unknown>, rounds = ROUNDS): Promise<Figure & { result: unknown }> {
  let result = await fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    result = await fn();
    walls.push(performance.now() - t0);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wallMs: median(walls), cpuMs: median(cpus), result };
}

const fmt = (f: Figure) => `${f.wallMs.toFixed(1).padStart(8)} ms wall ${f.cpuMs.toFixed(1).padStart(8)} ms CPU`;
/** The ratio to a baseline, wall and CPU: on a shared machine the CPU ratio is the steadier. */
const ratio = (f: Figure, base: Figure) => `×${(f.wallMs / base.wallMs).toFixed(1)} wall, ×${(f.cpuMs / base.cpuMs).toFixed(1)} CPU`;
const plate = (i: number) => `${'京津沪冀豫鲁苏浙皖鄂湘粤川陕'[i % 14]}${'ABCDEF'[i % 6]}${String(10000 + i * 7919).slice(-5)}`;

// ── (a) one 72 h trajectory ─────────────────────────────────────────────────────────────────────
const params = (p: string) => ({ plateNumber: p, plateColor: '2', ...WINDOW });
const answerOf = (p: string) => sandboxAnswer(spec, params(p), NOW);
const prebuilt = answerOf('粤B5H8J3');
const points = (prebuilt.data as { total: number }).total;
const bytes = JSON.stringify(prebuilt).length;
console.log(`\n== (a) 9867 trajectory, 72 h at 30 s: ${points} points, ${(bytes / 1024).toFixed(0)} KB of JSON; median of ${ROUNDS} ==`);
const memory = measure(() => JSON.stringify(prebuilt).length);
const warm = measure(() => JSON.stringify(answerOf('粤B5H8J3')).length);
const cold = measure((r) => JSON.stringify(answerOf(plate(1000 + r + 1))).length);
console.log(`  from memory (JSON.stringify of the prebuilt answer) ${fmt(memory)}`);
console.log(`  sandbox answer, slots cached, + stringify          ${fmt(warm)}  ${ratio(warm, memory)}`);
console.log(`  sandbox answer, new plate (simulated), + stringify ${fmt(cold)}  ${ratio(cold, memory)}`);

// ── (b) fences ──────────────────────────────────────────────────────────────────────────────────
const VEHICLES = 100;
const FENCES = 20;
const tracks: TrackColumns[] = [];
const built = measure(() => {
  tracks.length = 0;
  for (let v = 0; v < VEHICLES; v++) {
    const t = trackOf(plate(v), 2, START, START + 72 * HOUR);
    tracks.push({ t: t.at.map((x) => (x - START) / 1000), lon: t.lon, lat: t.lat, speed: t.speed });
  }
  return tracks.length;
}, 1);
const totalPoints = tracks.reduce((s, t) => s + t.lon.length, 0);

// Fences where trucks go: around hubs, half circles (0.5–20 km), half polygons (6–24 vertices, up to 30 km across).
const fences: FenceGeometry[] = Array.from({ length: FENCES }, (_, i) => {
  const d = drawFor(['bench-fence', i]);
  const hub = HUBS[(i * 7) % HUBS.length] as (typeof HUBS)[number];
  const center: LonLat = [hub.lon + d.num('dx', -0.05, 0.05, 6), hub.lat + d.num('dy', -0.05, 0.05, 6)];
  if (i % 2 === 0) return { shape: 'circle', center, radius: d.int('r', 500, 20_000) };
  const n = d.int('n', 6, 24);
  const points = Array.from({ length: n }, (_, k) => destinationPoint(center, (360 * k) / n, d.int(`r${k}`, 2000, 15_000)));
  return { shape: 'polygon', points };
});

console.log(
  `\n== (b) fence entries and exits: ${VEHICLES} vehicles × ${FENCES} fences × 72 h (${totalPoints.toLocaleString('en-US')} points per fence); median of ${ROUNDS} ==`,
);
console.log(`  (building the ${VEHICLES} tracks from the simulator, once: ${fmt(built)})`);
const read = measure(() => {
  let sum = 0;
  for (let f = 0; f < FENCES; f++) for (const t of tracks) for (let i = 0; i < t.lon.length; i++) sum += (t.lon[i] as number) + (t.lat[i] as number);
  return sum;
});
const boxes = measure(() => {
  let inBox = 0;
  for (const fence of fences) {
    const [x0, y0, x1, y1] = prepareFence(fence).box;
    for (const t of tracks) {
      const { lon, lat } = t;
      for (let i = 0; i < lon.length; i++) {
        const x = lon[i] as number;
        const y = lat[i] as number;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) inBox++;
      }
    }
  }
  return inBox;
});
const crossings = measure(() => {
  let n = 0;
  for (const fence of fences) for (const t of tracks) n += fenceCrossings(fence, t).length;
  return n;
});
console.log(`  reading every point                          ${fmt(read)}`);
console.log(
  `  bounding-box check of every point (baseline) ${fmt(boxes)}  ${(((boxes.result as number) / (totalPoints * FENCES)) * 100).toFixed(2)} % of points in a box`,
);
console.log(
  `  fenceCrossings (box, then exact test)        ${fmt(crossings)}  ${ratio(crossings, boxes)} of the box check; ${crossings.result} entries and exits`,
);
console.log(`  per vehicle and fence: ${((crossings.cpuMs / (VEHICLES * FENCES)) * 1000).toFixed(1)} µs CPU`);

// ── (c) through the open data API ──────────────────────────────────────────────────────────────
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-fleet-bench-'));
try {
  const config = loadConfig({ DEV_TOOLS: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', GATEWAY_RATE_PER_KEY: '100000', GATEWAY_RATE_PER_ADDRESS: '1000000' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seed(database.db);
  const { memberId } = await benchPurchase(database.db);
  const keyFor = async (interfaceId: number) => {
    const key = newPurchaseKey();
    await database.db
      .insert(purchases)
      .values({ memberId, interfaceId, key, callsTotal: 1_000_000, callsLeft: 1_000_000, expiresAt: new Date(Date.now() + 86_400_000) });
    return key;
  };
  const [trackKey, positionKey] = [await keyFor(9867), await keyFor(9694)];
  const { app } = await buildApp({ config, database, logger: createLogger('silent') });
  await app.ready();
  // The 72 h before the last whole hour, so every point lies in the past.
  const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
  const window = { startTime: chinaClock(end - 72 * HOUR), endTime: chinaClock(end) };
  const call = async (url: string, fields: Record<string, string>) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const body = res.json() as { code: string; data: { total?: number } | null };
    if (body.code !== '10000') throw new Error(`${url} answered ${body.code}`);
    return { bytes: res.body.length, total: body.data?.total ?? 1 };
  };
  const vehicle = { plateNumber: '粤B5H8J3', plateColor: '2' };
  const position = await measureAsync(() => call('/logistics/track/9694', { key: positionKey, ...vehicle }));
  const trajectory = await measureAsync(() => call('/logistics/track/9867', { key: trackKey, ...vehicle, ...window }));
  const t = trajectory.result as { bytes: number; total: number };
  console.log(`\n== (c) through the open data API (app.inject, charged and recorded); median of ${ROUNDS} ==`);
  console.log(`  9694 latest position (baseline)            ${fmt(position)}`);
  console.log(`  9867 trajectory, 72 h: ${t.total} points, ${(t.bytes / 1024).toFixed(0)} KB ${fmt(trajectory)}  ${ratio(trajectory, position)}`);
  await app.close();
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
