// Free trial calls (issue #8, declared in contracts' trialApi): myBuy/freeTrial takes an
// interface's trial for an authenticated main account (the rules of buying);
// myBuy/freeTrial/state answers the quota left and whether an interface's trial can still be
// taken, for the button and 我的API (a login is enough there).
import { trialApi, trialGrantedMsg } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { freeTrialState, takeFreeTrial } from './trial.service';

export async function trialRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(trialApi.take, async ({ caller, input }) => {
    const granted = await takeFreeTrial(db, caller, input);
    return ok(granted, trialGrantedMsg(granted.calls));
  });

  route(trialApi.state, async ({ caller, input }) => ok(await freeTrialState(db, caller, input)));
}
