// The console's review and finance queues (issue #10): enterprise authentication and paid tests
// (reviewer), recharges and refunds (finance). Thin: the guard, the contracts schema, one service
// call, the answer's words. Every decision is audited and idempotent in the services.
import {
  formatFen,
  PayTestQueueQuery,
  parseId,
  QualificationQueueQuery,
  RechargeDecisionInput,
  RechargeQueueQuery,
  RefundDecisionInput,
  RefundQueueQuery,
  ReviewDecisionInput,
  ReviewIdInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { list, ok } from '../../http/envelope';
import { NotFound } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { exportFileName, sendXlsx } from './console-export';
import type { ConsoleDeps } from './console.routes';
import {
  decideRechargeAs,
  decideRefundAs,
  exportRecharges,
  exportRefunds,
  listRechargeQueue,
  listRefundQueue,
  rechargeDetail,
  rechargeRow,
  refundDetail,
  refundRow,
} from './finance.service';
import { recordAudit } from './audit.service';
import { requireOperator } from './guard';
import {
  decidePayTestAs,
  decideQualificationAs,
  licenceOf,
  listPayTestQueue,
  listQualifications,
  payTestDetail,
  payTestRow,
  qualificationDetail,
  qualificationRow,
} from './reviews.service';

const yuan = (fen: number) => `${formatFen(fen)} 元`;

export async function reviewRoutes(app: FastifyInstance, { db, files }: ConsoleDeps) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const idOf = (request: FastifyRequest) => parseInput(ReviewIdInput, fields(request)).id;

  // ── Enterprise authentication ─────────────────────────────────────────────────────────────
  app.post('/console/qualifications/list', async (request) => {
    await requireOperator(db, request, 'qualifications');
    const page = await listQualifications(db, parseInput(QualificationQueueQuery, fields(request)));
    return { ...list(page.rows, page.total), counts: page.counts };
  });

  // The detail shows the contact's whole phone, so opening it is recorded, as a lead's is.
  app.post('/console/qualifications/detail', async (request) => {
    const { actor } = await requireOperator(db, request, 'qualifications');
    const detail = await qualificationDetail(db, idOf(request));
    await recordAudit(db, actor, { action: 'qualification.view', targetType: 'qualification', targetId: detail.id });
    return ok(detail);
  });

  app.post('/console/qualifications/decide', async (request) => {
    const { actor } = await requireOperator(db, request, 'qualifications');
    const d = parseInput(ReviewDecisionInput, fields(request));
    const { changed } = await decideQualificationAs(db, actor, { application: { id: d.id }, decision: d.decision, reason: d.reason });
    const row = await qualificationRow(db, d.id);
    const verb = d.decision === 'approve' ? '通过' : '驳回';
    return ok({ row, changed }, changed ? `企业认证已${verb}，已通知客户` : `该企业认证此前已${verb}，未重复处理`);
  });

  // The licence for the detail drawer's <img>: an image request cannot sign, so the console
  // cookie alone decides (requireOperator), and the answer is never cached or sniffed.
  app.get('/console/qualifications/licence/:id', { config: { sign: false } }, async (request, reply) => {
    await requireOperator(db, request, 'qualifications');
    const id = parseId((request.params as { id?: string }).id);
    if (!id) throw new NotFound('营业执照图片不存在');
    const file = await licenceOf(db, id);
    // From the file store, which every API process reads (not this process's DATA_DIR).
    const image = await files.get(file.path);
    if (!image) throw new NotFound('营业执照图片不存在');
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(file.type);
    return reply.send(image.bytes);
  });

  // ── Paid tests ────────────────────────────────────────────────────────────────────────────
  app.post('/console/payTests/list', async (request) => {
    await requireOperator(db, request, 'payTests');
    const page = await listPayTestQueue(db, parseInput(PayTestQueueQuery, fields(request)));
    return { ...list(page.rows, page.total), counts: page.counts };
  });

  app.post('/console/payTests/detail', async (request) => {
    const { actor } = await requireOperator(db, request, 'payTests');
    const detail = await payTestDetail(db, idOf(request));
    await recordAudit(db, actor, { action: 'paytest.view', targetType: 'payTest', targetId: detail.id });
    return ok(detail);
  });

  app.post('/console/payTests/decide', async (request) => {
    const { actor } = await requireOperator(db, request, 'payTests');
    const d = parseInput(ReviewDecisionInput, fields(request));
    const { changed } = await decidePayTestAs(db, actor, d);
    const row = await payTestRow(db, d.id);
    let msg: string;
    if (!changed) msg = `该付费测试申请此前已${d.decision === 'approve' ? '通过' : '驳回'}，未重复处理`;
    else if (d.decision === 'approve') msg = `付费测试已通过：扣除 ${yuan(row.feeFen)}，开通 ${row.calls.toLocaleString('zh-CN')} 次测试调用，已通知客户`;
    else msg = '付费测试申请已驳回，已通知客户';
    return ok({ row, changed }, msg);
  });

  // ── Recharges (bank transfers, Decision 7) ────────────────────────────────────────────────
  app.post('/console/recharges/list', async (request) => {
    await requireOperator(db, request, 'recharges');
    const page = await listRechargeQueue(db, parseInput(RechargeQueueQuery, fields(request)));
    return { ...list(page.rows, page.total), counts: page.counts };
  });

  app.post('/console/recharges/detail', async (request) => {
    await requireOperator(db, request, 'recharges');
    return ok(await rechargeDetail(db, idOf(request)));
  });

  app.post('/console/recharges/decide', async (request) => {
    const { actor } = await requireOperator(db, request, 'recharges');
    const d = parseInput(RechargeDecisionInput, fields(request));
    const { changed } = await decideRechargeAs(db, actor, d);
    const row = await rechargeRow(db, d.id);
    let msg: string;
    if (!changed) msg = `该充值此前已${d.decision === 'confirm' ? '确认到账' : '驳回'}，未重复处理`;
    else if (d.decision === 'confirm') msg = `已确认到账：${yuan(row.amountFen)}已计入 ${row.loginName} 的账户余额，已通知客户`;
    else msg = '充值申请已驳回，已通知客户';
    return ok({ row, changed }, msg);
  });

  // The list's filters (status tab, keyword) without its page, as a signed GET whose answer
  // the browser saves as it is.
  app.get('/console/recharges/export', async (request, reply) => {
    const { actor } = await requireOperator(db, request, 'recharges');
    const { status, keyword } = parseInput(RechargeQueueQuery, request.query);
    const file = await exportRecharges(db, actor, { status, keyword });
    return sendXlsx(reply, file, 'recharges.xlsx', exportFileName('充值记录'));
  });

  // ── Refunds ───────────────────────────────────────────────────────────────────────────────
  app.post('/console/refunds/list', async (request) => {
    await requireOperator(db, request, 'refunds');
    const page = await listRefundQueue(db, parseInput(RefundQueueQuery, fields(request)));
    return { ...list(page.rows, page.total), counts: page.counts };
  });

  app.post('/console/refunds/detail', async (request) => {
    await requireOperator(db, request, 'refunds');
    return ok(await refundDetail(db, idOf(request)));
  });

  app.post('/console/refunds/decide', async (request) => {
    const { actor } = await requireOperator(db, request, 'refunds');
    const d = parseInput(RefundDecisionInput, fields(request));
    const { changed } = await decideRefundAs(db, actor, {
      id: d.id,
      decision: d.decision,
      amountFen: d.decision === 'approve' ? d.amount : undefined,
      reason: d.reason,
    });
    const row = await refundRow(db, d.id);
    let msg: string;
    if (!changed) msg = `该退款申请此前已${d.decision === 'approve' ? '通过' : '驳回'}，未重复处理`;
    else if (d.decision === 'approve') msg = `退款已通过：收回 ${row.calls.toLocaleString('zh-CN')} 次调用，退回 ${yuan(row.amountFen)}，已通知客户`;
    else msg = '退款申请已驳回，已通知客户';
    return ok({ row, changed }, msg);
  });

  app.get('/console/refunds/export', async (request, reply) => {
    const { actor } = await requireOperator(db, request, 'refunds');
    const { status, keyword } = parseInput(RefundQueueQuery, request.query);
    const file = await exportRefunds(db, actor, { status, keyword });
    return sendXlsx(reply, file, 'refunds.xlsx', exportFileName('退款记录'));
  });
}
