// Favourites calls of spec 02 §7 (declared in contracts' favoritesApi): list, collect, remove.
import { FAVORITE_MSG, favoritesApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';

export async function favoritesRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(favoritesApi.list, async ({ caller, input }) => {
    const page = await listFavorites(db, caller, input);
    return list(page.rows, page.total);
  });

  route(favoritesApi.add, async ({ caller, input }) => {
    await addFavorite(db, caller, input.interfaceId);
    return ok({ interfaceId: input.interfaceId, favorite: true }, FAVORITE_MSG.added);
  });

  route(favoritesApi.remove, async ({ caller, input }) => {
    await removeFavorite(db, caller, input.interfaceId);
    return ok({ interfaceId: input.interfaceId, favorite: false }, FAVORITE_MSG.removed);
  });
}
