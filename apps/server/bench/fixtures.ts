// What the benchmarks set up alike: an approved enterprise account with a purchase of 实名认证
// (1882) holding plenty of calls, a free loopback port for a server of their own, a database (in
// memory, or a throwaway PostgreSQL one), the timing of a query in rounds, and processes' CPU time.
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { members, purchases, qualifications } from '../src/db/schema';
import { newPurchaseKey } from '../src/modules/billing/billing.service';
import { throwawayDatabase } from './pg-throwaway';

/** Inserts the account and its purchase (on a migrated, seeded database); answers its key and ids. */
export async function benchPurchase(db: Db, calls = 10_000_000, loginName = 'benchcorp01'): Promise<{ key: string; memberId: number; purchaseId: number }> {
  const [m] = await db.insert(members).values({ loginName, mobile: '13900000001', passwordHash: 'x' }).returning({ id: members.id });
  const memberId = m?.id ?? 0;
  await db.insert(qualifications).values({
    memberId,
    status: 'approved',
    companyName: '压测数据科技有限公司',
    creditCode: '91350100M000100Y43',
    legalPerson: '张三',
    licencePath: '',
    licenceType: 'image/png',
  });
  const key = newPurchaseKey();
  const [p] = await db
    .insert(purchases)
    .values({ memberId, interfaceId: 1882, key, callsTotal: calls, callsLeft: calls, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: purchases.id });
  return { key, memberId, purchaseId: p?.id ?? 0 };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** An in-memory PGlite, or with an admin URL a throwaway PostgreSQL database named after the bench. */
export async function benchDatabase(name: string, adminUrl: string | undefined): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!adminUrl) return { database: await openDatabase({ memory: true }), drop: async () => {} };
  const { url, drop } = await throwawayDatabase(adminUrl, name);
  return { database: await openDatabase({ url }), drop };
}

/** The p-th percentile (0–100) of times sorted ascending. */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `n` timed runs of fn after `warmups` untimed ones, in ms, sorted ascending. */
export async function timeIt(fn: (i: number) => Promise<unknown>, n: number, warmups = 3): Promise<number[]> {
  for (let w = 0; w < warmups; w++) await fn(w);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

// Linux reports a process's CPU time in clock ticks; 100 a second on every kernel this runs on.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, read from /proc; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    // After the command's closing parenthesis: state, ppid, …; utime and stime are fields 14, 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The PostgreSQL cluster's processes: its postmaster and every backend and worker under it. */
export function clusterPids(postmasterPid: number): number[] {
  const pids = [postmasterPid];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmasterPid) pids.push(Number(name));
    } catch {
      // exited
    }
  }
  return pids;
}
