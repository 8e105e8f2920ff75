// mytrade/subAccount/consume/list (spec 02 §7 "Orders and trades", declared in contracts'
// subConsumeApi): a main account's view of its sub-accounts' calls. Thin: the registrar checks
// the company is authenticated and parses the filter; the service reads.
import { subConsumeApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { listSubAccountConsumption } from './subaccount-consume.service';

export async function subAccountConsumeRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);

  // The period used and the totals of the whole filter travel beside the page, so the tab can
  // say which days it shows without computing China's month itself.
  route(subConsumeApi.list, async ({ caller, input }) => {
    const page = await listSubAccountConsumption(deps.db, caller, input);
    return { ...list(page.rows, page.total), period: page.period, sum: page.sum };
  });
}
