// mytrade/subAccount/consume/list (spec 02 §7 "Orders and trades"): a main account's view of its
// sub-accounts' calls. Thin: the company must be authenticated, parse, call the service.
import { SubConsumeListInput, type SubConsumeList } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { list } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import { listSubAccountConsumption } from './subaccount-consume.service';

export async function subAccountConsumeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The period used and the totals of the whole filter travel beside the page, so the tab can
  // say which days it shows without computing China's month itself.
  app.post('/mytrade/subAccount/consume/list', async (request): Promise<SubConsumeList> => {
    const account = await requireQualified(request, db);
    const page = await listSubAccountConsumption(db, account, parseInput(SubConsumeListInput, request.body ?? request.query));
    return { ...list(page.rows, page.total), period: page.period, sum: page.sum };
  });
}
