// Paid-test calls of spec 02 §7 (declared in contracts' payTestApi): payTest/dataList (my
// applications) and payTest/apply. The company must be authenticated, like every business call;
// operators decide in the console.
import { PAY_TEST_MSG, payTestApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { applyPayTest, listPayTests } from './paytest.service';

export async function payTestRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(payTestApi.list, async ({ caller, input }) => {
    const page = await listPayTests(db, caller, input);
    return list(page.rows, page.total);
  });

  route(payTestApi.apply, async ({ caller, input }) => ok(await applyPayTest(db, caller, input), PAY_TEST_MSG.applied));
}
