// 接口监控 latency (issue #23): one customer's synthetic call records over 30 days, and as many
// of other accounts' calls of the same interfaces (the upstream view reads every account's), then
// the service functions behind /monitor/overview and /monitor/interface, timed per window. The
// upstream cache is cleared before each round so its query is timed too. Baseline: `select 1`.
//
//   cd apps/server && npx tsx bench/monitor.ts                          200 000 records, in-memory PGlite
//   BENCH_DATABASE_URL=postgres://… BENCH_RECORDS=5000000 …                on PostgreSQL (a throwaway database)
import { MonitorInterfaceInput, MonitorOverviewInput } from '@apimarket/contracts';
import { sql } from 'drizzle-orm';
import { interfaces, members, purchases } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { accountOf } from '../src/modules/account/access';
import { clearMonitorCache, monitorInterface, monitorOverview } from '../src/modules/monitor/monitor.service';
import { benchDatabase, percentile, timeIt } from './fixtures';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 200_000);
const DAYS = 30;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const started = Date.now();
const { database, drop } = await benchDatabase('bench_monitor', adminUrl);
const db = database.db;
await database.migrate();
await seed(db);
const made = await db
  .insert(members)
  .values([
    { loginName: `benchm${Date.now()}`, mobile: '13900000001', passwordHash: 'x' },
    { loginName: `bencho${Date.now()}`, mobile: '13900000002', passwordHash: 'x' },
  ])
  .returning({ id: members.id });
const memberId = made[0]?.id ?? 0;
const otherId = made[1]?.id ?? 0;
const ids = [...new Set([1882, 1887, ...(await db.select({ id: interfaces.id }).from(interfaces).orderBy(interfaces.id).limit(8)).map((r) => r.id)])].slice(
  0,
  8,
);
await db.insert(purchases).values(
  ids.map((interfaceId, i) => ({
    memberId,
    interfaceId,
    key: `benchmonitorkey${i}`.padEnd(43, 'x'),
    callsTotal: 1_000_000,
    callsLeft: 1_000_000,
    expiresAt: sql`now() + interval '30 days'`,
  })),
);
const account = accountOf({ sessionId: 'bench', memberId, loginName: 'bench', parentId: null });

// Half the records the customer's, half another account's; 90 % 10000, 4 % 10001, 3 % SYSTEM_042,
// 2 % SYSTEM_027, 1 % SYSTEM_999; latencies 20–1 019 ms; spread evenly over 30 days.
const spanS = DAYS * 86_400;
await db.execute(sql`
  insert into call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider, cost_mfen, created_at)
  select upper(lpad(to_hex(g), 20, '0')), case when g % 2 = 0 then ${memberId}::bigint else ${otherId}::bigint end, null,
    (${sql.raw(`array[${ids.join(',')}]`)})[1 + ((g / 2) % ${ids.length}::int)::int],
    case when g % 100 < 90 then '10000' when g % 100 < 94 then '10001' when g % 100 < 97 then 'SYSTEM_042'
      when g % 100 < 99 then 'SYSTEM_027' else 'SYSTEM_999' end,
    0, false, 20 + (g * 7919) % 1000, '203.0.113.1', '{}'::jsonb, 'sandbox', 0,
    now() - make_interval(secs => ${spanS}::float8 * (${RECORDS} - g) / ${RECORDS})
  from generate_series(1::bigint, ${RECORDS}::bigint) g`);
// BENCH_WITHOUT_INTERFACE_INDEX=1: without call_records (interface_id, created_at), as before the
// upstream view had it (docs/performance.md compares the two).
if (process.env.BENCH_WITHOUT_INTERFACE_INDEX) await db.execute(sql`drop index call_records_interface_time_idx`);
await db.execute(sql`analyze`);
console.log(
  `generated ${RECORDS.toLocaleString('en-US')} records (${ids.length} interfaces, 2 accounts) in ${((Date.now() - started) / 1000).toFixed(0)} s on ${database.kind}`,
);

const cold =
  <T>(fn: () => Promise<T>) =>
  () => {
    clearMonitorCache();
    return fn();
  };
const cases: [string, () => Promise<unknown>][] = [['select 1 (baseline)', () => db.execute(sql`select 1`)]];
for (const window of ['hour', 'day', 'week'] as const) {
  cases.push([`overview, ${window} (upstream cold)`, cold(() => monitorOverview(db, account, MonitorOverviewInput.parse({ window })))]);
  cases.push([`overview, ${window} (upstream cached)`, () => monitorOverview(db, account, MonitorOverviewInput.parse({ window }))]);
  cases.push([`interface 1882, ${window} (cold)`, cold(() => monitorInterface(db, account, MonitorInterfaceInput.parse({ window, interfaceId: '1882' })))]);
}

let base = 0;
console.log(`\n${'call'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  p95 / baseline`);
for (const [label, fn] of cases) {
  const times = await timeIt(fn, ROUNDS);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  if (base === 0) base = p50;
  console.log(`${label.padEnd(40)} ${p50.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms  ${(p95 / base).toFixed(1)}×`);
}
await database.close();
await drop();
