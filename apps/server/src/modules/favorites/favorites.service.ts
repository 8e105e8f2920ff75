// Favourite interfaces (我的收藏): each account's own collection, keyed by (member, interface), so
// collecting twice keeps one entry and removing touches only the caller's rows. An interface
// taken off sale stays in the collection (shown as 已下架) but cannot be collected anew.
import { type FavoriteListInput, FAVORITE_MSG, type FavoriteRow } from '@apimarket/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paged } from '../../db/sql';
import { categories, favorites, interfaces } from '../../db/schema';
import { NotFound } from '../../http/errors';
import type { Account } from '../account/access';

export async function listFavorites(db: Db, account: Account, input: FavoriteListInput): Promise<{ rows: FavoriteRow[]; total: number }> {
  const where = and(eq(favorites.memberId, account.memberId), input.interfaceId ? eq(favorites.interfaceId, input.interfaceId) : undefined);
  const collected = db
    .select({
      interfaceId: favorites.interfaceId,
      interfaceName: interfaces.interfaceName,
      categoryId: interfaces.categoryId,
      categoryName: categories.categoryName,
      summary: interfaces.summary,
      priceFrom: interfaces.priceFrom,
      status: interfaces.status,
      createdAt: favorites.createdAt,
    })
    .from(favorites)
    .innerJoin(interfaces, eq(interfaces.id, favorites.interfaceId))
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .where(where)
    .orderBy(desc(favorites.createdAt), desc(favorites.interfaceId));
  const { rows, total } = await paged(collected.$dynamic(), db.$count(favorites, where), input);
  return {
    rows: rows.map(({ status, createdAt, ...r }) => ({ ...r, onSale: status === 'on_sale', createdAt: createdAt.toISOString() })),
    total,
  };
}

/** Collect an interface that is on sale; collecting it again changes nothing. */
export async function addFavorite(db: Db, account: Account, interfaceId: number): Promise<void> {
  const [iface] = await db.select({ status: interfaces.status }).from(interfaces).where(eq(interfaces.id, interfaceId));
  if (iface?.status !== 'on_sale') throw new NotFound(FAVORITE_MSG.interfaceMissing);
  await db.insert(favorites).values({ memberId: account.memberId, interfaceId }).onConflictDoNothing();
}

/** Remove an interface from the caller's collection; removing one not collected changes nothing. */
export async function removeFavorite(db: Db, account: Account, interfaceId: number): Promise<number> {
  const gone = await db
    .delete(favorites)
    .where(and(eq(favorites.memberId, account.memberId), eq(favorites.interfaceId, interfaceId)))
    .returning({ interfaceId: favorites.interfaceId });
  return gone.length;
}
