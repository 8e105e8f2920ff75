// Crash test of the open data API (issue #8): the real server process on a file-backed PGlite
// (the embedded default) takes a load of calls and is killed with SIGKILL in the middle of it.
// After a restart of the database, every call whose answer reached the customer with 10000 must
// have its record and its charge, and nothing may be charged twice: the calls taken from the
// purchase equal the charged records, and each seqNo is recorded once.
// Run: npm run bench:gateway-crash  (CRASH_ROUNDS=3 by default)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { callRecords, purchases } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { benchPurchase, freePort } from './fixtures';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const CALLS = 1_000_000;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-crash-'));

// Set up the account and its purchase, then let the server have the database to itself.
async function setUp(): Promise<{ key: string; purchaseId: number }> {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seed(database.db);
  const { key, purchaseId } = await benchPurchase(database.db, CALLS, 'crashcorp01');
  await database.close();
  return { key, purchaseId };
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEV_TOOLS: '1',
      RUN_JOBS: '0',
      GATEWAY_RATE_PER_KEY: '100000',
      GATEWAY_RATE_PER_ADDRESS: '1000000',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/apiHome/health`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Calls from `workers` concurrent loops until the server dies; answers that arrived whole. */
async function load(port: number, key: string, workers: number, killAfterMs: number, child: ChildProcess) {
  const answered: Array<{ code: string; seqNo: string }> = [];
  let alive = true;
  const body = new URLSearchParams({ key, name: '张三', idcard: '110101199003074514' }).toString();
  const loop = async () => {
    while (alive) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/communication/personal/1882`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        answered.push((await r.json()) as { code: string; seqNo: string });
      } catch {
        // The connection died with the server: this call got no answer.
      }
    }
  };
  const loops = Array.from({ length: workers }, loop);
  await new Promise((r) => setTimeout(r, killAfterMs));
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  alive = false;
  await Promise.all(loops);
  return answered;
}

try {
  const { key, purchaseId } = await setUp();
  const seen: Array<{ code: string; seqNo: string }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const port = await freePort();
    const child = await startServer(port);
    const answers = await load(port, key, 20, 1500 + round * 500, child);
    seen.push(...answers);
    console.log(`round ${round}: killed with SIGKILL after ${answers.length} answers`);
  }

  const database = await openDatabase({ dataDir });
  const db = database.db;
  const ok = seen.filter((a) => a.code === '10000').map((a) => a.seqNo);
  let recorded = 0;
  for (let i = 0; i < ok.length; i += 1000) {
    const part = ok.slice(i, i + 1000);
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(callRecords)
      .where(sql`${inArray(callRecords.seqNo, part)} and ${callRecords.charged} = 1`);
    recorded += row?.n ?? 0;
  }
  const [p] = await db.select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId));
  const [sum] = await db
    .select({
      charged: sql<number>`coalesce(sum(${callRecords.charged}), 0)`.mapWith(Number),
      n: sql<number>`count(*)`.mapWith(Number),
      distinct: sql<number>`count(distinct ${callRecords.seqNo})`.mapWith(Number),
    })
    .from(callRecords)
    .where(eq(callRecords.purchaseId, purchaseId));
  await database.close();

  const taken = CALLS - (p?.left ?? 0);
  console.log(`\n== crash: ${ROUNDS} × SIGKILL under load (20 concurrent callers) ==`);
  console.log(`answers with 10000 received: ${ok.length}; of them recorded and charged after restart: ${recorded}`);
  console.log(`calls taken from the purchase: ${taken}; charged records: ${sum?.charged}; records ${sum?.n}, distinct seqNo ${sum?.distinct}`);
  const exact = recorded === ok.length && taken === sum?.charged && sum?.n === sum?.distinct && ok.length > 0;
  console.log(exact ? 'durable and charged once: yes' : 'durable and charged once: NO');
  if (!exact) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
