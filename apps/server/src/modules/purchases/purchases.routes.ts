// Purchase management calls of spec 02 §7 (declared in contracts' purchasesApi): stop/resume,
// callback URL, automatic renewal, the calls of a purchase, the summary, refunds and the packages
// for the buy and renew dialogs. Thin: the registrar checks the company is authenticated (the
// package list is public) and parses the input; each route calls one service.
import { PURCHASE_MSG, purchasesApi, UpdateCallbackUrlInput } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { listAll, list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { type RouteDeps, routes } from '../../http/route';
import { listPackages } from '../catalog/interface.service';
import {
  buyData,
  callbackUrlOf,
  callResource,
  disableAutoRenew,
  enableAutoRenew,
  listAutoRenew,
  setCallbackUrl,
  setPurchaseStopped,
} from './purchases.service';
import { quoteOrderRefund, quoteRefundAll, requestOrderRefund, requestRefundAll } from './refunds.service';

export async function purchasesRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config }) {
  const route = routes(app, deps);
  const { db } = deps;
  const allowPrivate = deps.config.purchases.callbackAllowPrivate;
  // The declaration checks the URL's form; whether it may point into a private network is this
  // deployment's rule (CALLBACK_ALLOW_PRIVATE).
  const callbackInput = UpdateCallbackUrlInput(allowPrivate);

  route(purchasesApi.stop, async ({ caller, input }) => ok(null, await setPurchaseStopped(db, caller, input)));

  // allowPrivate tells the dialog which rule the server applies, so both refuse the same URLs.
  route(purchasesApi.callbackUrl, async ({ caller, input }) => ok({ ...(await callbackUrlOf(db, caller, input)), allowPrivate }));

  route(purchasesApi.setCallbackUrl, async ({ caller, input }) => {
    const checked = parseInput(callbackInput, input);
    return ok({ callbackUrl: checked.callbackUrl }, await setCallbackUrl(db, caller, checked));
  });

  route(purchasesApi.autoRenewList, async ({ caller, input }) => {
    const page = await listAutoRenew(db, caller, input);
    return list(page.rows, page.total);
  });

  route(purchasesApi.enableAutoRenew, async ({ caller, input }) => ok(null, await enableAutoRenew(db, caller, input)));

  route(purchasesApi.disableAutoRenew, async ({ caller, input }) => ok(null, await disableAutoRenew(db, caller, input)));

  route(purchasesApi.callResource, async ({ caller, input }) => ok(await callResource(db, caller, input)));

  route(purchasesApi.buyData, async ({ caller }) => ok(await buyData(db, caller)));

  route(purchasesApi.refundAll, async ({ caller, input }) => ok(await requestRefundAll(db, caller, input), PURCHASE_MSG.refundRequested));

  route(purchasesApi.refundAllQuote, async ({ caller, input }) => ok(await quoteRefundAll(db, caller, input)));

  route(purchasesApi.refundOrderQuote, async ({ caller, input }) => ok(await quoteOrderRefund(db, caller, input)));

  route(purchasesApi.refundOrder, async ({ caller, input }) => ok(await requestOrderRefund(db, caller, input), PURCHASE_MSG.refundRequested));

  // The packages of an interface for the buy and renew dialogs: public catalogue data, like api/fee/list.
  route(purchasesApi.packages, async ({ input }) => listAll(await listPackages(db, input.interfaceId)));
}
