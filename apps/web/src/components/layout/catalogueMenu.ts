import 'server-only';
// The header's category menu read from the live catalogue: categories, the interfaces operators
// ticked for the menu, and every interface on sale to fill the rest (nav.ts categoryMenu).
import { catalogApi, MAX_PAGE_SIZE } from '@apimarket/contracts';
import { serverCall, serverCallData } from '@/lib/api/server';
import { type CategoryMenuEntry, categoryMenu } from './nav';

/** The menu, or an empty one when the API cannot be reached (the header then links /api only). */
export async function loadCategoryMenu(): Promise<CategoryMenuEntry[]> {
  // Same calls and lifetimes as the pages and the layout make, so the header adds at most one
  // remembered call (the ticked interfaces) to a render.
  const [categories, all, flagged] = await Promise.all([
    serverCallData(catalogApi.categories, {}, { ttl: 300 }),
    serverCall(catalogApi.list, {}, { ttl: 600 }),
    serverCall(catalogApi.search, { menuDisplay: 1, pageNum: 1, pageSize: MAX_PAGE_SIZE }, { ttl: 600 }),
  ]);
  return categoryMenu(categories ?? [], flagged.ok ? flagged.body.rows : [], all.ok ? all.body.rows : []);
}
