// The console's 在线支付 area (consolePaymentsApi; finance and admin): every online payment with
// its state, and 「查询支付状态」, which asks the provider and settles it as the query job does.
import { CONSOLE_PAYMENT_MSG, consolePaymentsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { routes } from '../../http/route';
import { listConsolePayments, queryConsolePayment } from '../payments/payments.service';
import { paymentProviders } from '../payments/providers';
import { recordAudit } from './audit.service';
import type { ConsoleDeps } from './console.routes';

export async function paymentsConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const { db, config } = deps;
  const providers = paymentProviders(config.payments);
  const route = routes(app, deps);

  route(consolePaymentsApi.list, async ({ input }) => {
    const { rows, total, counts } = await listConsolePayments(db, input);
    return { ...list(rows, total), counts };
  });

  route(consolePaymentsApi.query, async ({ caller, input, request }) => {
    const row = await queryConsolePayment(db, providers, input.id, request.log);
    // Who asked, and what it came to: a query can book money.
    await recordAudit(db, caller.actor, {
      action: 'payment.query',
      targetType: 'payment',
      targetId: row.paymentNo,
      after: { status: row.status, tradeNo: row.tradeNo },
    });
    return ok(row, `${CONSOLE_PAYMENT_MSG.queried}：${row.statusLabel}`);
  });
}
