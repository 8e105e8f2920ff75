// Keyword search latency (issue 17: p95 ≤ 10 ms at 10 000 interfaces) on an in-memory PGlite with
// 10 000 interfaces: the search as the API runs it (index + database) beside, in the same run, the
// search it replaced (a LIKE over lower-cased names) as the baseline, and the index alone.
// Run: npm run bench:search
import { InterfaceSearch } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { categories, interfaces, pricePackages } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { likeLiteral } from '../src/db/sql';
import { forgetCatalogueTotals, searchInterfaces } from '../src/modules/catalog/interface.service';
import { refreshListing } from '../src/modules/catalog/listing';
import { searchIndex } from '../src/modules/catalog/search.index';
import { percentile, timeIt } from './fixtures';

const TARGET = 10_000;
const ROUNDS = 20;
/** What buyers type: names, words, two words, synonyms, pinyin, a typo-like miss, with filters and orders. */
const QUERIES: Array<Record<string, string>> = [
  { interfaceName: '手机号' },
  { interfaceName: '身份证' },
  { interfaceName: '身份证 核验' },
  { interfaceName: '实名认证' },
  { interfaceName: '银行卡四要素' },
  { interfaceName: 'sfz' },
  { interfaceName: 'shenfenzheng' },
  { interfaceName: 'OCR' },
  { interfaceName: '车辆轨迹' },
  { interfaceName: '驾照' },
  { interfaceName: '企业 涉诉' },
  { interfaceName: '在网时长' },
  { interfaceName: '核验', sortId: '3' },
  { interfaceName: '企业', categoryId: '7', sortId: '2' },
  { interfaceName: '不存在的接口名称' },
  { interfaceName: '人脸', pageNum: '3' },
];

const database = await openDatabase({ memory: true });
await database.migrate();
await seed(database.db);
const db = database.db;

// 10 000 interfaces: the seed's, then variants of them as a large catalogue has (editions,
// regions, providers), each with its category, summary, labels and two packages.
const seeds = await db.select().from(interfaces);
const EDITIONS = ['标准版', '专业版', '增强版', '批量版', '实时版', '详版', '极速版', '国际版'];
const REGIONS = ['', '（华东）', '（华南）', '（全国）', '（省级）'];
const rows = [];
for (let n = 0; rows.length + seeds.length < TARGET; n++) {
  const s = seeds[n % seeds.length];
  if (!s) break;
  const id = 20_000 + n;
  const interfaceName = `${s.interfaceName}${EDITIONS[n % EDITIONS.length]}${REGIONS[Math.floor(n / seeds.length) % REGIONS.length]}${Math.floor(n / (seeds.length * 5)) || ''}`;
  rows.push({
    ...s,
    id,
    interfaceName,
    searchName: interfaceName.toLowerCase(),
    path: `${s.path.replace(/\/\d+$/, '')}/${id}`,
    hits: (n * 7919) % 5000,
    sort: 1000 + n,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
}
for (let k = 0; k < rows.length; k += 500) {
  const chunk = rows.slice(k, k + 500);
  await db.insert(interfaces).values(chunk);
  await db.insert(pricePackages).values(
    chunk.flatMap((r) => [
      { interfaceId: r.id, calls: 1000, priceFen: 20_000 + (r.id % 50) * 100, validityDays: 365 },
      { interfaceId: r.id, calls: 10_000, priceFen: 150_000 + (r.id % 50) * 1000, validityDays: 365 },
    ]),
  );
}
await refreshListing(
  db,
  rows.map((r) => r.id),
);
await db.execute(sql`analyze`);
const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(interfaces);

const filters = QUERIES.map((q) => InterfaceSearch.parse({ pageSize: '12', ...q }));
const filterAt = (i: number) => filters[i % filters.length] ?? InterfaceSearch.parse({});

/** The search before issue 17: a substring of the name, in SQL, with the same filters and page. */
async function nameOnly(f: InterfaceSearch) {
  return db
    .select({
      id: interfaces.id,
      interfaceName: interfaces.interfaceName,
      categoryName: categories.categoryName,
      priceFrom: interfaces.priceFrom,
      labels: interfaces.labelNames,
    })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(
      and(
        eq(interfaces.status, 'on_sale'),
        sql`${interfaces.searchName} like ${likeLiteral(f.interfaceName.toLowerCase())}`,
        f.categoryId ? eq(interfaces.categoryId, f.categoryId) : undefined,
      ),
    )
    .orderBy(interfaces.sort, interfaces.id)
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize);
}

// Building the index: what a start or a catalogue change costs (the first build also loads jieba's dictionary).
let t = process.hrtime.bigint();
await searchIndex(db);
const firstBuild = Number(process.hrtime.bigint() - t) / 1e6;
forgetCatalogueTotals();
t = process.hrtime.bigint();
const index = await searchIndex(db);
const rebuild = Number(process.hrtime.bigint() - t) / 1e6;

for (let w = 0; w < 40; w++) {
  await searchInterfaces(db, filterAt(w));
  await nameOnly(filterAt(w));
}
const n = ROUNDS * filters.length;
const baseline = await timeIt((i) => nameOnly(filterAt(i)), n, 0);
const search = await timeIt((i) => searchInterfaces(db, filterAt(i)), n, 0);
const indexOnly = await timeIt(async (i) => index.search(filterAt(i).interfaceName, filterAt(i)), n, 0);

const line = (label: string, xs: number[]) =>
  `${label.padEnd(40)} p50=${percentile(xs, 50).toFixed(2).padStart(6)} ms  p95=${percentile(xs, 95).toFixed(2).padStart(6)} ms  p99=${percentile(xs, 99).toFixed(2).padStart(6)} ms`;
console.log(`interfaces=${count?.n}  queries=${filters.length} × ${ROUNDS}  index build: first ${firstBuild.toFixed(0)} ms, rebuild ${rebuild.toFixed(0)} ms`);
console.log(line('baseline: name LIKE (the old search)', baseline));
console.log(line('search: index + database (the API)', search));
console.log(line('  of which the index alone', indexOnly));
console.log(
  `p95 / baseline p95: ${(percentile(search, 95) / percentile(baseline, 95)).toFixed(2)}×   aim: p95 ≤ 10 ms — ${percentile(search, 95) <= 10 ? 'met' : 'NOT met'}`,
);
if (process.env.BENCH_BREAKDOWN) {
  for (const [k, q] of QUERIES.entries()) {
    const f = filters[k] ?? InterfaceSearch.parse({});
    const xs = await timeIt(() => searchInterfaces(db, f), ROUNDS, 0);
    const r = await searchInterfaces(db, f);
    console.log(`  ${JSON.stringify(q).padEnd(56)} total=${String(r.total).padStart(5)} p50=${percentile(xs, 50).toFixed(2)} ms`);
  }
}
await database.close();
