// Catalogue search latency (issue: p95 ≤ 10 ms at 10 000 interfaces), on an in-memory PGlite:
// first the seed (~160 interfaces), then with 10 000 generated ones. Each figure is also given as
// a ratio to a primary-key lookup measured in the same run, so noise on a shared machine shows.
// Run: npm run bench:catalog
import { InterfaceSearch } from '@apimarket/contracts';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { interfaces, pricePackages } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { searchInterfaces } from '../src/modules/catalog/interface.service';
import { refreshListing } from '../src/modules/catalog/listing';
import { percentile, timeIt } from './fixtures';

const QUERIES = [
  {},
  { interfaceName: '实名' },
  { interfaceName: '银行卡四要素' },
  { interfaceName: 'OCR' },
  { interfaceName: '车辆轨迹' },
  { interfaceName: '不存在的接口名称' },
  { categoryId: '6', sortId: '3' },
  { isHot: '1', pageSize: '8' },
  { isNew: '1', pageSize: '8', sortId: '1' },
  { interfaceName: '企业', categoryId: '7', sortId: '2' },
];
const ROUNDS = 30;

const database = await openDatabase({ memory: true });
await database.migrate();
await seed(database.db);
const db = database.db;

async function measure(label: string) {
  const filters = QUERIES.map((q) => InterfaceSearch.parse(q));
  let i = 0;
  for (let w = 0; w < 20; w++) await searchInterfaces(db, filters[w % filters.length] ?? InterfaceSearch.parse({})); // warm-up
  const search = await timeIt(() => searchInterfaces(db, filters[i++ % filters.length] ?? InterfaceSearch.parse({})), ROUNDS * filters.length, 0);
  const base = await timeIt(() => db.select({ id: interfaces.id }).from(interfaces).where(eq(interfaces.id, 1882)), ROUNDS * filters.length, 0);
  const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(interfaces);
  if (process.env.BENCH_BREAKDOWN) {
    // Which filter mixes cost what (p50 per mix), to see where the p95 comes from.
    for (const [k, q] of QUERIES.entries()) {
      const t = await timeIt(() => searchInterfaces(db, filters[k] ?? InterfaceSearch.parse({})), ROUNDS, 0);
      console.log(`  ${JSON.stringify(q).padEnd(60)} p50=${percentile(t, 50).toFixed(2)} ms`);
    }
  }
  const p50 = percentile(search, 50);
  const p95 = percentile(search, 95);
  const b50 = percentile(base, 50);
  console.log(
    `${label.padEnd(22)} interfaces=${String(count?.n).padStart(6)}  search p50=${p50.toFixed(2)} ms p95=${p95.toFixed(2)} ms  ` +
      `pk-lookup p50=${b50.toFixed(2)} ms  ratio p50=${(p50 / b50).toFixed(1)}x p95=${(p95 / b50).toFixed(1)}x`,
  );
}

await measure('seed catalogue');

// 10 000 interfaces: copies of the seed with varied names, each with two packages.
const seeds = await db.select().from(interfaces);
const rows = [];
for (let n = 0; rows.length + seeds.length < 10_000; n++) {
  const s = seeds[n % seeds.length];
  if (!s) break;
  const id = 20_000 + n;
  const interfaceName = `${s.interfaceName}${['标准版', '专业版', '增强版', '批量版'][n % 4]}${n}`;
  rows.push({
    ...s,
    id,
    interfaceName,
    searchName: interfaceName.toLowerCase(),
    path: `${s.path.replace(/\/\d+$/, '')}/${id}`,
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
await measure('10 000 interfaces');
await database.close();
