// The idempotent seed: run on every start, it inserts what is missing and never overwrites
// rows an operator may have edited since.
import type { Db } from '../client';
import { categories } from '../schema';
import { seedCatalog } from './catalog';
import { CATEGORY_SEED } from './categories';
import { seedContent } from './content';

export async function seed(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values([...CATEGORY_SEED])
    .onConflictDoNothing({ target: categories.id });
  await seedCatalog(db);
  await seedContent(db);
}
