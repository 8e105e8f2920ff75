// Buying calls of spec 02 §7 (declared in contracts' billingApi): balance and recharges, orders
// and payment, the purchases they create. Thin: the registrar checks the company is
// authenticated and parses the input; each route calls one service. Operators confirm recharges
// in the console.
import { companyMoneyReader } from '../account/access';
import { BILLING_MSG, billingApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { exportOrders, sendOrderExport } from '../purchases/order-export';
import {
  balanceOf,
  cancelOrder,
  changeOrderPackage,
  createOrder,
  declareRecharge,
  listOrders,
  listPurchases,
  listRecharges,
  payOrder,
} from './billing.service';

export async function billingRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config }) {
  const route = routes(app, deps);
  const { db, config } = deps;

  // ── Balance and recharges ──────────────────────────────────────────────────────────────────
  route(billingApi.balance, async ({ caller }) => ok({ balanceFen: await balanceOf(db, companyMoneyReader(caller)) }));

  // Where to transfer to: the configured account, the marked example of the embedded default,
  // or (production not set up) none with recharging closed.
  route(billingApi.rechargeAccount, async () => ok(config.bankAccount));

  route(billingApi.declareRecharge, async ({ caller, input }) => ok(await declareRecharge(db, caller, input, config.bankAccount), BILLING_MSG.declared));

  route(billingApi.recharges, async ({ caller, input }) => {
    const page = await listRecharges(db, caller, input);
    return list(page.rows, page.total);
  });

  // ── Orders ─────────────────────────────────────────────────────────────────────────────────
  route(billingApi.createOrder, async ({ caller, input }) => ok(await createOrder(db, caller, input), BILLING_MSG.ordered));

  route(billingApi.changeOrder, async ({ caller, input }) => ok(await changeOrderPackage(db, caller, input)));

  route(billingApi.cancelOrder, async ({ caller, input }) => {
    await cancelOrder(db, caller, input);
    return ok(null, BILLING_MSG.cancelled);
  });

  route(billingApi.pay, async ({ caller, input }) => ok(await payOrder(db, caller, input), BILLING_MSG.paid));

  // With export=1 the same filters answer an xlsx file (the spec's "file download when asked").
  route(billingApi.orders, async ({ caller, input, reply }) => {
    if (input.export) return sendOrderExport(reply, await exportOrders(db, caller, input));
    const page = await listOrders(db, caller, input);
    return list(page.rows, page.total);
  });

  // ── Purchases ──────────────────────────────────────────────────────────────────────────────
  route(billingApi.purchases, async ({ caller, input }) => {
    const page = await listPurchases(db, caller, input);
    return list(page.rows, page.total);
  });
}
