// Purchase management calls of spec 02 §7: stop/resume, callback URL, automatic renewal, the
// calls of a purchase, the summary, refunds and the packages for the buy and renew dialogs.
// Thin: the company must be authenticated (except the public package list), parse, call the service.
import {
  AutoRenewInput,
  AutoRenewListInput,
  InterfacePackagesInput,
  PurchaseIdInput,
  PURCHASE_MSG,
  RefundAllInput,
  RefundOrderInput,
  StopPurchaseInput,
  UpdateCallbackUrlInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
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
import { requestOrderRefund, requestRefundAll } from './refunds.service';

export async function purchasesRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const allowPrivate = config.purchases.callbackAllowPrivate;
  const callbackInput = UpdateCallbackUrlInput(allowPrivate);

  app.post('/myBuy/interface/stop', async (request) => {
    const account = await requireQualified(request, db);
    return ok(null, await setPurchaseStopped(db, account, parseInput(StopPurchaseInput, fields(request))));
  });

  // allowPrivate tells the dialog which rule the server applies, so both refuse the same URLs.
  app.post('/myBuy/getSynCallUrl', async (request) => {
    const account = await requireQualified(request, db);
    return ok({ ...(await callbackUrlOf(db, account, parseInput(PurchaseIdInput, fields(request)).id)), allowPrivate });
  });

  app.post('/myBuy/updateSynCallUrl', async (request) => {
    const account = await requireQualified(request, db);
    const input = parseInput(callbackInput, fields(request));
    return ok({ callbackUrl: input.callbackUrl }, await setCallbackUrl(db, account, input.id, input.callbackUrl));
  });

  app.post('/myBuy/getAutomaticBuy', async (request) => {
    const page = await listAutoRenew(db, await requireQualified(request, db), parseInput(AutoRenewListInput, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/myBuy/addAutomaticBuy', async (request) => {
    const account = await requireQualified(request, db);
    return ok(null, await enableAutoRenew(db, account, parseInput(AutoRenewInput, fields(request))));
  });

  app.post('/myBuy/delAutomaticBuy', async (request) => {
    const account = await requireQualified(request, db);
    return ok(null, await disableAutoRenew(db, account, parseInput(PurchaseIdInput, fields(request)).id));
  });

  app.post('/myBuy/packageCallResource', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await callResource(db, account, parseInput(PurchaseIdInput, fields(request)).id));
  });

  app.post('/myBuy/buyData', async (request) => ok(await buyData(db, await requireQualified(request, db))));

  app.post('/myBuy/refundAll', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await requestRefundAll(db, account, parseInput(RefundAllInput, fields(request))), PURCHASE_MSG.refundRequested);
  });

  app.post('/myOrder/refund', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await requestOrderRefund(db, account, parseInput(RefundOrderInput, fields(request))), PURCHASE_MSG.refundRequested);
  });

  // The packages of an interface for the buy and renew dialogs: public catalogue data, like api/fee/list.
  app.post('/api/getInterfacePackageList', async (request) => {
    const rows = await listPackages(db, parseInput(InterfacePackagesInput, fields(request)).interfaceId);
    return list(rows, rows.length);
  });
}
