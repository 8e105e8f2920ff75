import 'server-only';
// The header's category menu read from the live catalogue: categories, the interfaces operators
// ticked for the menu, and every interface on sale to fill the rest (nav.ts categoryMenu).
import { MAX_PAGE_SIZE } from '@apimarket/contracts';
import { serverData, serverGet } from '../../lib/api/server';
import { type CategoryMenuEntry, categoryMenu, type MenuCategory, type MenuInterface } from './nav';

/** The menu, or an empty one when the API cannot be reached (the header then links /api only). */
export async function loadCategoryMenu(): Promise<CategoryMenuEntry[]> {
  // Same calls and lifetimes as the pages and the layout make, so the header adds at most one
  // remembered call (the ticked interfaces) to a render.
  const [categories, all, flagged] = await Promise.all([
    serverData<MenuCategory[]>('api/category/list', { ttl: 300 }),
    serverGet<{ rows: MenuInterface[] }>('api/interface/list', { ttl: 600 }),
    serverGet<{ rows: MenuInterface[] }>('api/interface/search', { ttl: 600, data: { menuDisplay: 1, pageNum: 1, pageSize: MAX_PAGE_SIZE } }),
  ]);
  return categoryMenu(categories ?? [], flagged?.rows ?? [], all?.rows ?? []);
}
