// Paid-test calls of spec 02 §7: POST payTest/dataList (my applications) and payTest/apply. The
// company must be authenticated, like every business call. Operators decide with
// `npm run console -- paytest approve|reject` until the console exists.
import { PAY_TEST_MSG, PageQuery, PayTestApplyInput } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import { applyPayTest, listPayTests } from './paytest.service';

export async function payTestRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.post('/payTest/dataList', async (request) => {
    const page = await listPayTests(db, await requireQualified(request, db), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/payTest/apply', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await applyPayTest(db, account, parseInput(PayTestApplyInput, fields(request))), PAY_TEST_MSG.applied);
  });
}
