// 付费测试审批 (consolePayTestsApi, reviewer and admin): the queue with its tab counts, the detail,
// and the decision — an approval debits the test fee once and opens the test calls.
import { consolePayTestsApi, formatFen } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { alreadyDecided, queueAnswer } from './queue';
import { type RouteDeps, routes } from '../../http/route';
import { decidePayTestInQueue, listPayTestQueue, payTestDetail } from './pay-tests.service';

export async function payTestsRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  route(consolePayTestsApi.list, async ({ input }) => queueAnswer(await listPayTestQueue(db, input)));

  route(consolePayTestsApi.detail, async ({ caller, input }) => ok(await payTestDetail(db, caller.actor, input)));

  route(consolePayTestsApi.decide, async ({ caller, input }) => {
    const { row, changed } = await decidePayTestInQueue(db, caller.actor, input);
    let msg: string;
    if (!changed) msg = alreadyDecided('付费测试申请', input.decision === 'approve' ? '通过' : '驳回');
    else if (input.decision === 'approve')
      msg = `付费测试已通过：扣除 ${formatFen(row.feeFen)} 元，开通 ${row.calls.toLocaleString('zh-CN')} 次测试调用，已通知客户`;
    else msg = '付费测试申请已驳回，已通知客户';
    return ok({ row, changed }, msg);
  });
}
