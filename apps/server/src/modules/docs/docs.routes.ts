// The API documents as declared calls (contracts' docsApi): the portal API's OpenAPI document,
// the open data API's, and one interface's (the interface page's download link).
import { DOCS_MSG, docsApi, parseId } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { NotFound } from '../../http/errors';
import { type RouteDeps, routes } from '../../http/route';
import { gatewayDocument, interfaceDocument, portalDocument } from './docs.service';

// The catalogue changes a few times a day; a proxy or browser may keep a document this long.
const CACHE = 'public, max-age=300';

export async function docsRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config }) {
  const route = routes(app, deps);
  const { db, config } = deps;

  route(docsApi.portal, async ({ reply }) => reply.type('application/json; charset=utf-8').header('cache-control', CACHE).send(portalDocument(config)));

  route(docsApi.gateway, async ({ reply }) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await gatewayDocument(db, config)),
  );

  route(docsApi.interface, async ({ input, reply }) => {
    const id = parseId(input.id);
    const doc = id === null ? null : await interfaceDocument(db, config, id);
    if (!doc) throw new NotFound(DOCS_MSG.interfaceMissing);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', CACHE)
      .header('content-disposition', `inline; filename="openapi-${id}.json"`)
      .send(doc);
  });
}
