// 企业运力 (issue #23), declared in contracts' capacityApi. Thin: the declaration admits an
// authenticated company holding menu code 10 and parses; the services do the rest. The history
// answers an xlsx when export=1 asks.
import { capacityApi, chinaDay } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { sendXlsx } from '../../http/download';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import { answerMessage, capacityDetail, capacityHistory, capacityInterface, exportCapacityHistory, queryCapacity } from './capacity.service';

const today = () => chinaDay().replaceAll('-', '');

export async function capacityRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier: Notifier }) {
  const route = routes(app, deps);
  const { db, gateway } = deps;

  route(capacityApi.interface, async ({ caller }) => ok(await capacityInterface(db, caller)));
  route(capacityApi.query, async ({ caller, input, request }) => {
    const result = await queryCapacity({ db, gateway, ip: request.ip }, caller, input);
    return ok(result, answerMessage(result));
  });
  route(capacityApi.history, async ({ caller, input, reply }) => {
    if (input.export) return sendXlsx(reply, await exportCapacityHistory(db, caller, input), 'capacity-queries.xlsx', `企业运力查询记录-${today()}.xlsx`);
    const page = await capacityHistory(db, caller, input);
    return list(page.rows, page.total);
  });
  route(capacityApi.detail, async ({ caller, input }) => ok(await capacityDetail(db, caller, input)));
}
