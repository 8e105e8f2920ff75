// Catalogue categories, in the order operators set.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';

export async function listCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      categoryName: categories.categoryName,
      icon: categories.icon,
      description: categories.description,
      // Written out in full: drizzle leaves columns unqualified in a single-table select, which
      // would bind them to the subquery's own table.
      interfaceCount: sql<number>`(select count(*) from interfaces i where i.category_id = categories.id and i.status = 'on_sale')`.mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
}
