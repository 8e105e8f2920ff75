// The finance desk (consoleRechargesApi, consoleRefundsApi; finance and admin): declared bank
// transfers (Decision 7) and refund requests — each queue with its tab counts, the detail, the
// decision that moves money once, and the queue's tab and keyword as an xlsx (a signed GET).
import { consoleRechargesApi, consoleRefundsApi, formatFen } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { alreadyDecided, queueAnswer } from './queue';
import { type RouteDeps, routes } from '../../http/route';
import { exportFileName } from './console-export';
import { sendXlsx } from '../../http/download';
import {
  decideRechargeInQueue,
  decideRefundInQueue,
  exportRecharges,
  exportRefunds,
  listRechargeQueue,
  listRefundQueue,
  rechargeDetail,
  refundDetail,
} from './finance.service';

const yuan = (fen: number) => `${formatFen(fen)} 元`;

export async function financeRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  // ── Recharges ─────────────────────────────────────────────────────────────────────────────
  route(consoleRechargesApi.list, async ({ input }) => queueAnswer(await listRechargeQueue(db, input)));

  route(consoleRechargesApi.detail, async ({ input }) => ok(await rechargeDetail(db, input.id)));

  route(consoleRechargesApi.decide, async ({ caller, input }) => {
    const { row, changed } = await decideRechargeInQueue(db, caller.actor, input);
    let msg: string;
    if (!changed) msg = alreadyDecided('充值', input.decision === 'confirm' ? '确认到账' : '驳回');
    else if (input.decision === 'confirm') msg = `已确认到账：${yuan(row.amountFen)}已计入 ${row.loginName} 的账户余额，已通知客户`;
    else msg = '充值申请已驳回，已通知客户';
    return ok({ row, changed }, msg);
  });

  // The list's filters (status tab, keyword) without its page.
  route(consoleRechargesApi.export, async ({ caller, input, reply }) => {
    const file = await exportRecharges(db, caller.actor, { status: input.status, keyword: input.keyword });
    return sendXlsx(reply, file, 'recharges.xlsx', exportFileName('充值记录'));
  });

  // ── Refunds ───────────────────────────────────────────────────────────────────────────────
  route(consoleRefundsApi.list, async ({ input }) => queueAnswer(await listRefundQueue(db, input)));

  route(consoleRefundsApi.detail, async ({ input }) => ok(await refundDetail(db, input.id)));

  route(consoleRefundsApi.decide, async ({ caller, input }) => {
    const { row, changed } = await decideRefundInQueue(db, caller.actor, input);
    let msg: string;
    if (!changed) msg = alreadyDecided('退款申请', input.decision === 'approve' ? '通过' : '驳回');
    else if (input.decision === 'approve') msg = `退款已通过：收回 ${row.calls.toLocaleString('zh-CN')} 次调用，退回 ${yuan(row.amountFen)}，已通知客户`;
    else msg = '退款申请已驳回，已通知客户';
    return ok({ row, changed }, msg);
  });

  route(consoleRefundsApi.export, async ({ caller, input, reply }) => {
    const file = await exportRefunds(db, caller.actor, { status: input.status, keyword: input.keyword });
    return sendXlsx(reply, file, 'refunds.xlsx', exportFileName('退款记录'));
  });
}
