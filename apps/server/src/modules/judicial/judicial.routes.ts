// 司法可视化 (spec 02 §7; issue #23), declared in contracts' judicialApi. Thin: the declaration
// admits an authenticated company holding menu code 13 and parses; the service does the rest.
import { judicialApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import { judicialDetail, judicialJson, judicialList, runJudicialQuery } from './judicial.service';

export async function judicialRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier: Notifier }) {
  const route = routes(app, deps);
  const { db, gateway } = deps;

  // The static paths are registered first; the router prefers them to `:interfaceId` anyway.
  route(judicialApi.list, async ({ caller, input }) => {
    const page = await judicialList(db, caller, input);
    return list(page.rows, page.total);
  });
  route(judicialApi.detail, async ({ caller, input }) => ok(await judicialDetail(db, caller, input)));
  route(judicialApi.json, async ({ caller, input }) => ok(await judicialJson(db, caller, input)));
  route(judicialApi.query, async ({ caller, input, request }) => ok(await runJudicialQuery(db, gateway, caller, input, request.ip), '查询完成'));
}
