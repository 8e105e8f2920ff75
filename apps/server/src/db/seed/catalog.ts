// Seeds the catalogue: interfaces, their price packages and labels. Only interfaces not yet in
// the database get rows, so an operator's later edits survive every restart.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { refreshListing } from '../../modules/catalog/listing';
import { interfaceDocs, interfaceLabels, interfaces, labels, pricePackages } from '../schema';
import { SEED_INTERFACES } from './data/interfaces';
import { SEED_TRIAL_CALLS } from './data/trial';

export async function seedCatalog(db: Db): Promise<void> {
  const added = await db
    .insert(interfaces)
    .values(
      SEED_INTERFACES.map((i, n) => ({
        id: i.id,
        categoryId: i.categoryId,
        interfaceName: i.interfaceName,
        searchName: i.interfaceName.toLowerCase(),
        summary: i.summary,
        path: i.path,
        isHot: i.isHot,
        isNew: i.isNew,
        enterpriseOnly: i.enterpriseOnly,
        sdk: i.sdk ?? false,
        menuDisplay: i.isHot,
        trialCalls: SEED_TRIAL_CALLS[i.id] ?? 0,
        sort: n,
      })),
    )
    .onConflictDoNothing({ target: interfaces.id })
    .returning({ id: interfaces.id });
  // Which interfaces are SDK interfaces is the catalogue's nature, not an operator's edit: kept in
  // step with the seed on every start (databases seeded before the flag existed get it too).
  const sdkIds = SEED_INTERFACES.filter((i) => i.sdk).map((i) => i.id);
  if (sdkIds.length)
    await db
      .update(interfaces)
      .set({ sdk: true })
      .where(and(inArray(interfaces.id, sdkIds), eq(interfaces.sdk, false)));
  if (added.length === 0) return;
  const fresh = new Set(added.map((a) => a.id));
  const seeds = SEED_INTERFACES.filter((i) => fresh.has(i.id));

  await db.insert(interfaceDocs).values(
    seeds.map((i) => ({
      interfaceId: i.id,
      description: i.description,
      params: i.params,
      responseFields: i.responseFields,
      codes: i.codes,
      sampleRequest: i.sampleRequest,
      sampleResponse: i.sampleResponse,
      scenarios: i.scenarios,
    })),
  );

  await db
    .insert(pricePackages)
    .values(
      seeds.flatMap((i) => i.packages.map((p, n) => ({ interfaceId: i.id, calls: p.calls, priceFen: p.priceFen, validityDays: p.validityDays, sort: n }))),
    );

  const names = [...new Set(seeds.flatMap((i) => i.labels))];
  if (names.length > 0) await seedLabels(db, seeds, names);
  await refreshListing(db, [...fresh]);
}

async function seedLabels(db: Db, seeds: typeof SEED_INTERFACES, names: string[]): Promise<void> {
  await db
    .insert(labels)
    .values(names.map((labelName, sort) => ({ labelName, sort })))
    .onConflictDoNothing({ target: labels.labelName });
  const rows = await db.select({ id: labels.id, name: labels.labelName }).from(labels).where(inArray(labels.labelName, names));
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  const links = seeds.flatMap((i) => i.labels.flatMap((l) => (idOf.has(l) ? [{ interfaceId: i.id, labelId: idOf.get(l) ?? 0 }] : [])));
  if (links.length > 0) await db.insert(interfaceLabels).values(links).onConflictDoNothing();
}
