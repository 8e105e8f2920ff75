// 车险分析 (spec 02 §7 "Insurance"; issue #23), declared in contracts' insuranceApi. Thin: the
// declaration admits an authenticated company holding menu code 12 and parses; the services do
// the rest. The logs and the cycles answer an xlsx when export=1 asks.
import { chinaDay, insuranceApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { sendXlsx } from '../../http/download';
import { list, ok } from '../../http/envelope';
import type { RouteDeps } from '../../http/route';
import { routes } from '../../http/route';
import type { Notifier } from '../../notify';
import type { GatewayDeps } from '../gateway/gateway.service';
import {
  accessHistory,
  accessLog,
  busLog,
  cyclePage,
  cycleSheet,
  exportBusLog,
  exportFleetLog,
  exportHistory,
  fleetLog,
  modelStates,
  outcomeMessage,
  scoreBus,
  scoreFleet,
  scoreTruck,
  zoneData,
} from './insurance.service';

const today = () => chinaDay().replaceAll('-', '');

export async function insuranceRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; gateway: GatewayDeps; notifier: Notifier }) {
  const route = routes(app, deps);
  const { db, gateway } = deps;
  const calls = (ip: string) => ({ db, gateway, ip });

  route(insuranceApi.models, async ({ caller }) => ok(await modelStates(db, caller)));

  // ── Scores: one charged call each ──────────────────────────────────────────────────────────
  route(insuranceApi.truckScore, async ({ caller, input, request }) => {
    const view = await scoreTruck(calls(request.ip), caller, input);
    return ok(view, outcomeMessage(view));
  });
  route(insuranceApi.busScore, async ({ caller, input, request }) => {
    const view = await scoreBus(calls(request.ip), caller, input);
    return ok(view, outcomeMessage(view));
  });
  route(insuranceApi.fleetScore, async ({ caller, input, request }) => {
    const view = await scoreFleet(calls(request.ip), caller, input);
    return ok(view, outcomeMessage(view));
  });

  // ── What was asked ─────────────────────────────────────────────────────────────────────────
  route(insuranceApi.truckCycles, async ({ caller, input, reply }) => {
    if (input.export) {
      const { file, plate } = await cycleSheet(db, caller, input);
      return sendXlsx(reply, file, 'driving-cycles.xlsx', `行驶周期-${plate}-${today()}.xlsx`);
    }
    const page = await cyclePage(db, caller, input);
    return list(page.rows, page.total);
  });
  route(insuranceApi.fleetLog, async ({ caller, input, reply }) => {
    if (input.export) return sendXlsx(reply, await exportFleetLog(db, caller, input), 'fleet-model-log.xlsx', `车队评分记录-${today()}.xlsx`);
    const page = await fleetLog(db, caller, input);
    return list(page.rows, page.total);
  });
  route(insuranceApi.busLog, async ({ caller, input, reply }) => {
    if (input.export) return sendXlsx(reply, await exportBusLog(db, caller, input), 'bus-model-log.xlsx', `客车评分记录-${today()}.xlsx`);
    const page = await busLog(db, caller, input);
    return list(page.rows, page.total);
  });
  route(insuranceApi.accessHistory, async ({ caller, input, reply }) => {
    if (input.export) return sendXlsx(reply, await exportHistory(db, caller, input), 'insurance-access.xlsx', `车险模型访问记录-${today()}.xlsx`);
    const page = await accessHistory(db, caller, input);
    return list(page.rows, page.total);
  });
  route(insuranceApi.accessLog, async ({ caller, input }) => ok(await accessLog(db, caller, input)));
  route(insuranceApi.zoneData, async ({ caller, input }) => ok(await zoneData(db, caller, input)));
}
