// Favourite interfaces (我的收藏, spec 02 §2 /dataManage/myCollect): collect an interface from its
// page, list the collection, remove entries. Adding twice keeps one entry; removing is by interface.
import { z } from 'zod';
import { PageQuery, parseId } from './paging';

export const FAVORITE_MSG = {
  interfaceMissing: '接口不存在或已下架',
  added: '收藏成功',
  removed: '已取消收藏',
} as const;

/** interfaceCollect / deteleCollection: one interface by its id. */
export const FavoriteInput = z.object({
  interfaceId: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: FAVORITE_MSG.interfaceMissing })),
});
export type FavoriteInput = z.infer<typeof FavoriteInput>;

/** goFavorite: a page of the collection; with interfaceId, only that interface (is it collected?). */
export const FavoriteListInput = PageQuery.extend({
  interfaceId: z.preprocess((v) => parseId(v) ?? undefined, z.number().optional()),
});
export type FavoriteListInput = z.infer<typeof FavoriteListInput>;

export interface FavoriteRow {
  interfaceId: number;
  interfaceName: string;
  categoryId: number;
  categoryName: string;
  summary: string;
  /** The cheapest on-sale package in fen; null when the interface is priced on request. */
  priceFrom: number | null;
  /** False once the interface is taken off sale: it stays in the collection, but cannot be bought. */
  onSale: boolean;
  createdAt: string;
}
