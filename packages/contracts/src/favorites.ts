// Favourite interfaces (我的收藏, spec 02 §2 /dataManage/myCollect): collect an interface from its
// page, list the collection, remove entries. Adding twice keeps one entry; removing is by interface.
import { z } from 'zod';
import { memberCall } from './declare';
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

export const FavoriteRow = z.object({
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  summary: z.string(),
  /** The cheapest on-sale package in fen; null when the interface is priced on request. */
  priceFrom: z.number().int().nullable(),
  /** False once the interface is taken off sale: it stays in the collection, but cannot be bought. */
  onSale: z.boolean(),
  createdAt: z.string(),
});
export type FavoriteRow = z.infer<typeof FavoriteRow>;

const FavoriteState = z.object({ interfaceId: z.number().int(), favorite: z.boolean() });

/** The favourites calls of spec 02 §7. A login is enough: collecting is not a business operation. */
export const favoritesApi = {
  list: memberCall({
    method: 'POST',
    path: '/MyAccount/goFavorite',
    summary: '我的收藏列表（带 interfaceId 时只查该接口是否已收藏）',
    input: FavoriteListInput,
    answer: { rows: FavoriteRow },
  }),
  add: memberCall({
    method: 'POST',
    path: '/interfaceOrders/interfaceCollect',
    summary: '收藏接口',
    input: FavoriteInput,
    answer: { data: FavoriteState },
    fails: ['ALL_0011'],
  }),
  remove: memberCall({
    method: 'POST',
    path: '/AccountManagement/deteleCollection',
    summary: '取消收藏（接口方拼写 detele 保持原样）',
    input: FavoriteInput,
    answer: { data: FavoriteState },
  }),
};
