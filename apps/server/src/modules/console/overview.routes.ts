// The console home (consoleOverviewApi): how much waits in each queue the operator's role works.
import { consoleOverviewApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { overviewFor } from './overview.service';

export async function overviewRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);

  route(consoleOverviewApi.overview, async ({ caller }) => ok(await overviewFor(deps.db, caller.operator)));
}
