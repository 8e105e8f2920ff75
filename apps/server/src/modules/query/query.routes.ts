// 在线查询 (spec 02 §7; issue #21), declared in contracts' queryApi. Thin: the declaration admits
// an authenticated company and parses; the service does the rest. The export answers a file.
import { chinaDay, queryApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { sendXlsx } from '../../http/download';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { GatewayDeps } from '../gateway/gateway.service';
import { exportQueryHistory, queryForm, queryHistory, queryInterface, queryPool, runQuery } from './query.service';

export async function queryRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps }) {
  const route = routes(app, deps);
  const { db, config, gateway } = deps;

  route(queryApi.pool, async ({ caller, input }) => ok(await queryPool(db, caller, input)));
  route(queryApi.interfaceInfo, async ({ caller, input }) => ok(await queryInterface(db, caller, input)));
  route(queryApi.form, async ({ caller, input }) => ok(await queryForm(db, caller, input)));
  route(queryApi.run, async ({ caller, input, request }) => ok(await runQuery(db, gateway, config, caller, input, request.ip)));
  route(queryApi.history, async ({ caller, input }) => {
    const page = await queryHistory(db, config, caller, input);
    return list(page.rows, page.total);
  });
  route(queryApi.exportHistory, async ({ caller, input, reply }) =>
    sendXlsx(reply, await exportQueryHistory(db, config, caller, input), 'online-queries.xlsx', `在线查询记录-${chinaDay().replaceAll('-', '')}.xlsx`),
  );
}
