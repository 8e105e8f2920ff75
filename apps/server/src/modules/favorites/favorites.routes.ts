// Favourites calls of spec 02 §7: POST MyAccount/goFavorite (list), interfaceOrders/interfaceCollect
// (add), AccountManagement/deteleCollection (remove; the spec's spelling). A login is enough:
// collecting an interface is not a business operation, so an account may collect before its
// company is authenticated.
import { FAVORITE_MSG, FavoriteInput, FavoriteListInput } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireAccount } from '../account/access';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';

export async function favoritesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.post('/MyAccount/goFavorite', async (request) => {
    const account = await requireAccount(request);
    const page = await listFavorites(db, account, parseInput(FavoriteListInput, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/interfaceOrders/interfaceCollect', async (request) => {
    const account = await requireAccount(request);
    const { interfaceId } = parseInput(FavoriteInput, fields(request));
    await addFavorite(db, account, interfaceId);
    return ok({ interfaceId, favorite: true }, FAVORITE_MSG.added);
  });

  app.post('/AccountManagement/deteleCollection', async (request) => {
    const account = await requireAccount(request);
    const { interfaceId } = parseInput(FavoriteInput, fields(request));
    await removeFavorite(db, account, interfaceId);
    return ok({ interfaceId, favorite: false }, FAVORITE_MSG.removed);
  });
}
