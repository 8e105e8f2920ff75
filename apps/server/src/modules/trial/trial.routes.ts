// Free trial calls (issue #8): myBuy/freeTrial takes an interface's trial for an authenticated
// main account (the rules of buying); myBuy/freeTrial/state answers the quota left and whether
// an interface's trial can still be taken, for the button and 我的API.
import { FreeTrialInput, FreeTrialStateInput, trialGrantedMsg } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireAccount, requireQualified } from '../account/access';
import { freeTrialState, takeFreeTrial } from './trial.service';

export async function trialRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  app.post('/myBuy/freeTrial', async (request) => {
    const account = await requireQualified(request, db);
    const granted = await takeFreeTrial(db, account, parseInput(FreeTrialInput, fields(request)).interfaceId);
    return ok(granted, trialGrantedMsg(granted.calls));
  });

  // A login is enough to read the quota: the button tells an account what it would get before
  // its company is authenticated.
  app.post('/myBuy/freeTrial/state', async (request) => {
    const account = await requireAccount(request);
    return ok(await freeTrialState(db, account, parseInput(FreeTrialStateInput, fields(request)).interfaceId));
  });
}
