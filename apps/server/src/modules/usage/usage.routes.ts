// Statistics calls of spec 02 §7 (调用记录, declared in contracts' usageApi):
// myAccount/callRecord/* and myCallHistory/*. Thin: the registrar checks the company is
// authenticated and parses the filter with the contracts schema; each route calls one service.
import { usageApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { sendXlsx } from '../../http/download';
import { callExportFileName, exportCallDetail, listCallDetail } from './call-detail';
import { usageChart, usageCharges, usageDistribution, usageTable, usageTrends } from './usage.service';

export async function usageRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  // The period used and the filter's totals travel beside the page, so the screen never
  // computes China's days itself.
  route(usageApi.daily, async ({ caller, input }) => {
    const page = await usageTable(db, caller, input, 'day');
    return { ...list(page.rows, page.total), period: page.period, sum: page.sum };
  });

  route(usageApi.monthly, async ({ caller, input }) => {
    const page = await usageTable(db, caller, input, 'month');
    return { ...list(page.rows, page.total), period: page.period, sum: page.sum };
  });

  // With export=1 the same filter answers an xlsx file.
  route(usageApi.callDetail, async ({ caller, input, reply }) => {
    if (input.export) {
      const { file, period } = await exportCallDetail(db, caller, input);
      return sendXlsx(reply, file, 'calls.xlsx', callExportFileName(period));
    }
    const page = await listCallDetail(db, caller, input);
    return { ...list(page.rows, page.total), period: page.period };
  });

  route(usageApi.chart, async ({ caller, input }) => ok(await usageChart(db, caller, input)));

  route(usageApi.distribution, async ({ caller, input }) => ok(await usageDistribution(db, caller, input)));

  route(usageApi.charges, async ({ caller, input }) => ok(await usageCharges(db, caller, input)));

  route(usageApi.trends, async ({ caller, input }) => ok(await usageTrends(db, caller, input)));
}
