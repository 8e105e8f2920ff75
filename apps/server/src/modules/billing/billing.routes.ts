// Buying calls of spec 02 §7 (orders, payment, trades, purchases) and the recharge declaration.
// Thin: the company must be authenticated, parse, call the service. Operators confirm recharges
// with `npm run console -- recharge confirm <id>` until the console exists.
import {
  BILLING_MSG,
  OrderExportInput,
  OrderNoInput,
  PageQuery,
  PurchaseListInput,
  RechargeDeclareInput,
  SaveOrderInput,
  UpdateOrderInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { requireQualified } from '../account/access';
import { exportFileName, exportOrders, XLSX_TYPE } from '../purchases/order-export';
import {
  balanceOf,
  cancelOrder,
  changeOrderPackage,
  createOrder,
  declareRecharge,
  listConsumption,
  listOrders,
  listPurchases,
  listRecharges,
  payOrder,
} from './billing.service';

export async function billingRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;

  // ── Balance and recharges ──────────────────────────────────────────────────────────────────
  app.post('/mytrade/balance', async (request) => {
    const account = await requireQualified(request, db);
    return ok({ balanceFen: await balanceOf(db, account.companyOwnerId) });
  });

  // Where to transfer to; empty fields when the deployment has not set its account yet.
  app.post('/mytrade/recharge/account', async (request) => {
    await requireQualified(request, db);
    return ok(config.bankAccount);
  });

  app.post('/mytrade/recharge/declare', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await declareRecharge(db, account, parseInput(RechargeDeclareInput, fields(request))), BILLING_MSG.declared);
  });

  app.post('/mytrade/recharge/list', async (request) => {
    const page = await listRecharges(db, await requireQualified(request, db), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  app.post('/mytrade/consume/list', async (request) => {
    const page = await listConsumption(db, await requireQualified(request, db), parseInput(PageQuery, fields(request)));
    return list(page.rows, page.total);
  });

  // ── Orders ─────────────────────────────────────────────────────────────────────────────────
  app.post('/interfaceOrders/saveInterfaceOrders', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await createOrder(db, account, parseInput(SaveOrderInput, fields(request))), BILLING_MSG.ordered);
  });

  app.post('/interfaceOrders/updateInterfaceOrders', async (request) => {
    const account = await requireQualified(request, db);
    const input = parseInput(UpdateOrderInput, fields(request));
    return ok(await changeOrderPackage(db, account, input.orderNo, input.packageId));
  });

  app.post('/interfaceOrders/clearOrder', async (request) => {
    const account = await requireQualified(request, db);
    await cancelOrder(db, account, parseInput(OrderNoInput, fields(request)).orderNo);
    return ok(null, BILLING_MSG.cancelled);
  });

  app.post('/UserCenter/payment', async (request) => {
    const account = await requireQualified(request, db);
    return ok(await payOrder(db, account, parseInput(OrderNoInput, fields(request)).orderNo), BILLING_MSG.paid);
  });

  // With export=1 the same filters answer an xlsx file (the spec's "file download when asked").
  app.post('/myOrder/list', async (request, reply) => {
    const account = await requireQualified(request, db);
    const input = parseInput(OrderExportInput, fields(request));
    if (input.export) {
      const file = await exportOrders(db, account, input);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent(exportFileName())}`)
        .header('cache-control', 'no-store')
        .send(file);
    }
    const page = await listOrders(db, account, input);
    return list(page.rows, page.total);
  });

  // ── Purchases ──────────────────────────────────────────────────────────────────────────────
  app.post('/myBuy/list', async (request) => {
    const page = await listPurchases(db, await requireQualified(request, db), parseInput(PurchaseListInput, fields(request)));
    return list(page.rows, page.total);
  });
}
