// Issue #23: the calls of contracts' monitor.ts. Thin: the declaration admits and parses; the services do the rest.
import { monitorApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import { monitorInterface, monitorOverview } from './monitor.service';

export async function monitorRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier: Notifier }) {
  const route = routes(app, deps);
  const { db } = deps;
  route(monitorApi.overview, async ({ caller, input }) => ok(await monitorOverview(db, caller, input)));
  route(monitorApi.interface, async ({ caller, input }) => ok(await monitorInterface(db, caller, input)));
}
