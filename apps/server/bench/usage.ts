// Usage statistics latency (issue #9: p95 ≤ 50 ms at 10 000 000 records on PostgreSQL): one
// customer's synthetic call records over 180 days and the matching call_stats rows, generated in
// SQL, then the service functions behind dailyStatistics, monthlyStatistics, trends and the
// call detail list, timed. Baseline: a `select 1` round trip on the same connection, same run.
//
//   npm run bench:usage                                   1 000 000 records, in-memory PGlite
//   BENCH_DATABASE_URL=postgres://… npm run bench:usage   on PostgreSQL (a throwaway database)
//   BENCH_RECORDS=10000000 …                              10 000 000 records
import { CallDetailInput, UsageRangeInput, UsageTableInput } from '@apimarket/contracts';
import { sql } from 'drizzle-orm';
import { interfaces, members } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { accountOf } from '../src/modules/account/access';
import { listCallDetail } from '../src/modules/usage/call-detail';
import { usageChart, usageTable, usageTrends } from '../src/modules/usage/usage.service';
import { benchDatabase, percentile, timeIt } from './fixtures';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const DAYS = 180;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const CHUNK = 1_000_000;
let INTERFACES: number[] = [];
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const started = Date.now();
const { database, drop } = await benchDatabase('bench_usage', adminUrl);
const db = database.db;
await database.migrate();
await seed(db);
const [member] = await db
  .insert(members)
  .values({ loginName: `bench${Date.now()}`, mobile: '13900000000', passwordHash: 'x' })
  .returning({ id: members.id });
const memberId = member?.id ?? 0;
// Eight interfaces of the seeded catalogue, 1882 and 1887 among them.
INTERFACES = [...new Set([1882, 1887, ...(await db.select({ id: interfaces.id }).from(interfaces).orderBy(interfaces.id).limit(8)).map((r) => r.id)])].slice(
  0,
  8,
);
const account = accountOf({ sessionId: 'bench', memberId, loginName: 'bench', parentId: null });

// Records evenly spread over the last 180 days, ids rising with time as the gateway writes them:
// 90 % answered 10000 (charged, 0.20 元), 4 % 10001, 3 % SYSTEM_042, 2 % SYSTEM_002, 1 % SYSTEM_011.
const spanMs = DAYS * 86_400_000;
for (let from = 1; from <= RECORDS; from += CHUNK) {
  const to = Math.min(RECORDS, from + CHUNK - 1);
  await db.execute(sql`
    insert into call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider, cost_mfen, created_at)
    select upper(lpad(to_hex(g), 20, '0')), ${memberId}, null, (${sql.raw(`array[${INTERFACES.join(',')}]`)})[1 + g % ${INTERFACES.length}],
      c.code, c.charged, c.charged = 1, 20 + (g * 7) % 180, '203.0.113.' || (g % 200),
      jsonb_build_object('name', '张*', 'idcard', '110101********' || lpad((g % 10000)::text, 4, '0')), 'sandbox', c.charged * 20000,
      now() - make_interval(secs => ${spanMs / 1000}::float8 * (${RECORDS} - g) / ${RECORDS})
    from generate_series(${from}::bigint, ${to}::bigint) g
    cross join lateral (select case
      when g % 100 < 90 then '10000' when g % 100 < 94 then '10001' when g % 100 < 97 then 'SYSTEM_042'
      when g % 100 < 99 then 'SYSTEM_002' else 'SYSTEM_011' end as code) k
    cross join lateral (select k.code, case when k.code = '10000' then 1 else 0 end as charged) c`);
  console.log(`  records ${to.toLocaleString('en-US')} / ${RECORDS.toLocaleString('en-US')}  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
// call_stats as gateway_commit keeps it, per account, China day, interface and code.
await db.execute(sql`
  insert into call_stats (member_id, day, interface_id, code, calls, charged, cost_mfen, latency_ms)
  select member_id, (created_at at time zone 'Asia/Shanghai')::date, coalesce(interface_id, 0), code, count(*), sum(charged), sum(cost_mfen), sum(latency_ms)
  from call_records where member_id = ${memberId} group by 1, 2, 3, 4`);
await db.execute(sql`analyze`);
const [stats] = (await db.execute(sql`select count(*)::int as n from call_stats where member_id = ${memberId}`)).rows as { n: number }[];
console.log(
  `generated ${RECORDS.toLocaleString('en-US')} records, ${stats?.n} call_stats rows in ${((Date.now() - started) / 1000).toFixed(0)} s on ${database.kind}`,
);

const range = (v: Record<string, string> = {}) => UsageRangeInput.parse(v);
const table = (v: Record<string, string> = {}) => UsageTableInput.parse(v);
const detail = (v: Record<string, string> = {}) => CallDetailInput.parse(v);
const days180 = { startDate: new Date(Date.now() - 179 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10) };

const cases: [string, (i: number) => Promise<unknown>][] = [
  ['select 1 (baseline)', () => db.execute(sql`select 1`)],
  ['dailyStatistics, 30 days', () => usageTable(db, account, table(), 'day')],
  ['dailyStatistics, 180 days, page 5', () => usageTable(db, account, table({ ...days180, pageNum: '5' }), 'day')],
  ['monthlyStatistics, 12 months', () => usageTable(db, account, table(), 'month')],
  ['trends (30 days vs 30 before)', () => usageTrends(db, account, range())],
  ['chart, 180 days', () => usageChart(db, account, range(days180))],
  ['detail list, page 1', () => listCallDetail(db, account, detail())],
  ['detail list, pages 1–400 of 25', (i) => listCallDetail(db, account, detail({ pageNum: String(1 + (i % 400)), pageSize: '25' }))],
  ['detail list, one interface', () => listCallDetail(db, account, detail({ interfaceId: '1887' }))],
  ['detail list, code SYSTEM_011, 180 days', () => listCallDetail(db, account, detail({ ...days180, code: 'SYSTEM_011' }))],
  ['detail list, by seqNo', (i) => listCallDetail(db, account, detail({ seqNo: (1 + ((i * 7919) % RECORDS)).toString(16).toUpperCase().padStart(20, '0') }))],
];

let base = 0;
console.log(`\n${'call'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  p95 / baseline`);
for (const [label, fn] of cases) {
  const times = await timeIt(fn, ROUNDS, 5);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  if (base === 0) base = p50;
  console.log(`${label.padEnd(40)} ${p50.toFixed(2).padStart(6)} ms ${p95.toFixed(2).padStart(6)} ms  ${(p95 / base).toFixed(1)}×`);
}
await database.close();
await drop();
