// Catalogue categories, in the order operators set.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';

export async function listCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      categoryName: categories.categoryName,
      icon: categories.icon,
      description: categories.description,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
}
