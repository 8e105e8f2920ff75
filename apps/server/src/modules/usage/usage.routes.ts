// Statistics calls of spec 02 §7 (调用记录): myAccount/callRecord/* and myCallHistory/*. Thin: the
// company must be authenticated, parse with the contracts schema, call one service function.
import { CallDetailInput, type CallDetailList, UsageRangeInput, type UsageTable, UsageTableInput } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import { XLSX_TYPE } from '../purchases/order-export';
import { callExportFileName, exportCallDetail, listCallDetail } from './call-detail';
import { usageChart, usageCharges, usageDistribution, usageTable, usageTrends } from './usage.service';

export async function usageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  // The period used and the filter's totals travel beside the page, so the screen never
  // computes China's days itself.
  app.post('/myAccount/callRecord/dailyStatistics', async (request): Promise<UsageTable> => {
    const account = await requireQualified(request, db);
    const page = await usageTable(db, account, parseInput(UsageTableInput, fields(request)), 'day');
    return { ...list(page.rows, page.total), period: page.period, sum: page.sum };
  });

  app.post('/myAccount/callRecord/monthlyStatistics', async (request): Promise<UsageTable> => {
    const account = await requireQualified(request, db);
    const page = await usageTable(db, account, parseInput(UsageTableInput, fields(request)), 'month');
    return { ...list(page.rows, page.total), period: page.period, sum: page.sum };
  });

  // With export=1 the same filter answers an xlsx file.
  app.post('/myAccount/callRecord/callDetail/list', async (request, reply): Promise<CallDetailList | Buffer> => {
    const account = await requireQualified(request, db);
    const input = parseInput(CallDetailInput, fields(request));
    if (input.export) {
      const { file, period } = await exportCallDetail(db, account, input);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="calls.xlsx"; filename*=UTF-8''${encodeURIComponent(callExportFileName(period))}`)
        .header('cache-control', 'no-store')
        .send(file);
    }
    const page = await listCallDetail(db, account, input);
    return { ...list(page.rows, page.total), period: page.period };
  });

  app.post('/myAccount/callRecord/callStatisticalChart', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await usageChart(db, account, parseInput(UsageRangeInput, fields(request))));
  });

  app.post('/myCallHistory/distributions', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await usageDistribution(db, account, parseInput(UsageRangeInput, fields(request))));
  });

  app.post('/myCallHistory/chargeSituations', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await usageCharges(db, account, parseInput(UsageRangeInput, fields(request))));
  });

  app.post('/myCallHistory/trends', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await usageTrends(db, account, parseInput(UsageRangeInput, fields(request))));
  });
}
