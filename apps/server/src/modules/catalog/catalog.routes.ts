// Public catalogue calls of spec 01 §7.2: categories, the interface search and list, an
// interface's documentation, labels, price packages and the online-test address.
import { InterfaceMatchInput, InterfaceSearch, parseId } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { listCategories } from './category.service';
import { matchInterfaces, matchOptions } from './matching.service';
import { searchIndex } from './search.index';
import { getInterface, getPackage, INTERFACE_MSG, listInterfaces, listLabels, listPackages, searchInterfaces } from './interface.service';

const CategoryFilter = z.object({ categoryId: z.preprocess((v) => (v ? Number(v) : undefined), z.number().int().positive().optional().catch(undefined)) });

export async function catalogRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const input = (request: FastifyRequest) => request.body ?? request.query;
  /** A path id: anything but a positive integer is simply not found. */
  const idOf = (request: FastifyRequest, message: string) => {
    const id = parseId((request.params as { id?: unknown }).id);
    if (id === null) throw new NotFound(message);
    return id;
  };

  // The search index is built as the server starts listening (not in tests, which only inject),
  // so the first visitor's search does not wait for the dictionary and the catalogue to load.
  app.addHook('onListen', async () => {
    searchIndex(db).catch((err: unknown) => app.log.warn({ err }, 'search index: first build failed; the first search retries'));
  });

  app.get('/api/category/list', async () => ok(await listCategories(db)));

  const search = async (request: FastifyRequest) => {
    const { rows, total, partial } = await searchInterfaces(db, parseInput(InterfaceSearch, input(request)));
    // partial: no interface holds every word typed; the page says the results match some of them.
    return partial ? { ...list(rows, total), partial } : list(rows, total);
  };
  app.get('/api/interface/search', search);
  app.post('/api/interface/search', search);

  app.get('/api/interface/list', async (request) => {
    const { categoryId } = parseInput(CategoryFilter, request.query);
    const rows = await listInterfaces(db, categoryId);
    return list(rows, rows.length);
  });
  // Need matching (/api/marry): the scenarios to pick from, and the ranked interfaces.
  app.get('/api/interface/matchOptions', async () => ok(matchOptions()));
  const match = async (request: FastifyRequest) => {
    const { rows, understood } = await matchInterfaces(db, parseInput(InterfaceMatchInput, input(request)));
    return { ...list(rows, rows.length), understood };
  };
  app.get('/api/interface/match', match);
  app.post('/api/interface/match', match);
  app.get('/api/interface/:id', async (request) => ok(await getInterface(db, idOf(request, INTERFACE_MSG.notFound))));

  app.get('/api/label/list', async () => ok(await listLabels(db)));

  app.post('/api/fee/list', async (request) => {
    const id = parseId((input(request) as { interfaceId?: unknown } | undefined)?.interfaceId);
    if (id === null) throw new NotFound(INTERFACE_MSG.notFound);
    const rows = await listPackages(db, id);
    return list(rows, rows.length);
  });
  app.get('/api/fee/:id', async (request) => ok(await getPackage(db, idOf(request, INTERFACE_MSG.packageNotFound))));

  // Where customers send gateway calls; the API documentation and code samples use it.
  app.get('/api/config/testUrl', async () => ok({ testUrl: config.gatewayUrl }));
}
