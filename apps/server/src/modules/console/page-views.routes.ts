// 页面访问 (consolePageViewsApi): the public site's page views per path and per China day.
import { consolePageViewsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { pageViewCounts } from './page-views.service';

export async function pageViewsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);

  route(consolePageViewsApi.list, async ({ input }) => ok(await pageViewCounts(deps.db, input)));
}
