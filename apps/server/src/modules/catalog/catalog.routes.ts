// Public catalogue calls of spec 01 §7.2 (declared in contracts' catalogApi): categories, the
// interface search and list, an interface's documentation, labels, price packages and the
// online-test address.
import { catalogApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { listAll, list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { listCategories } from './category.service';
import { getInterface, getPackage, listInterfaces, listLabels, listPackagesOf, searchInterfaces } from './interface.service';
import { matchInterfaces, matchOptions } from './matching.service';
import { searchIndex } from './search.index';

export async function catalogRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config }) {
  const route = routes(app, deps);
  const { db, config } = deps;

  // The search index is built as the server starts listening (not in tests, which only inject),
  // so the first visitor's search does not wait for the dictionary and the catalogue to load.
  app.addHook('onListen', async () => {
    searchIndex(db).catch((err: unknown) => app.log.warn({ err }, 'search index: first build failed; the first search retries'));
  });

  route(catalogApi.categories, async () => ok(await listCategories(db)));

  const search = async (input: Parameters<typeof searchInterfaces>[1]) => {
    const { rows, total, partial } = await searchInterfaces(db, input);
    // partial: no interface holds every word typed; the page says the results match some of them.
    // Left out (undefined is not written) when every word was found.
    return { ...list(rows, total), partial: partial || undefined };
  };
  route(catalogApi.search, ({ input }) => search(input));
  route(catalogApi.searchPost, ({ input }) => search(input));

  route(catalogApi.list, async ({ input }) => listAll(await listInterfaces(db, input.categoryId)));

  // Need matching (/api/marry): the scenarios to pick from, and the ranked interfaces.
  route(catalogApi.matchOptions, async () => ok(matchOptions()));
  const match = async (input: Parameters<typeof matchInterfaces>[1]) => {
    const { rows, understood } = await matchInterfaces(db, input);
    return { ...list(rows, rows.length), understood };
  };
  route(catalogApi.match, ({ input }) => match(input));
  route(catalogApi.matchPost, ({ input }) => match(input));

  route(catalogApi.detail, async ({ input }) => ok(await getInterface(db, input.id)));
  route(catalogApi.labels, async () => ok(await listLabels(db)));
  route(catalogApi.packages, async ({ input }) => listAll(await listPackagesOf(db, input.interfaceId)));
  route(catalogApi.package, async ({ input }) => ok(await getPackage(db, input.id)));

  // Where customers send gateway calls; the API documentation and code samples use it.
  route(catalogApi.testUrl, async () => ok({ testUrl: config.gatewayUrl }));
}
