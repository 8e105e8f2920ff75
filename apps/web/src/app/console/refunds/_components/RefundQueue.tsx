'use client';
// 退款审核: refund requests by status (待审核 first) with their counts, a search over login name,
// order number and interface, 导出 Excel of the same tab and keyword for reconciling with the bank
// statement, and the drawer where the finance desk approves or rejects a request beside the
// purchase as it stands now (calls used since the request lower what an approval returns), the
// member's balance and recent orders.
import {
  consoleRefundsApi,
  formatFen,
  type OrderRow,
  REFUND_QUEUE,
  REFUND_QUEUE_LABEL,
  type RefundDetail,
  type RefundQueueRow,
  type RefundQueueStatus,
} from '@apimarket/contracts';
import { Alert } from 'antd';
import { timeColumn } from '@/components/console/ConsoleList';
import { FactsSection, outcomeItems, RowsSection, statusColumn } from '@/components/console/ReviewDrawer';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';
import { ApproveModal } from './ApproveModal';

const STATUS_COLOR: Record<RefundQueueStatus, string> = { requested: 'processing', approved: 'success', rejected: 'error' };

export function RefundQueue() {
  return (
    <ReviewQueue<RefundDetail, RefundQueueRow, RefundQueueStatus>
      calls={consoleRefundsApi}
      title="退款审核"
      hint="通过后收回未用的调用次数，按购买单价退回账户余额（可填写更低金额）；测试调用不退款"
      statuses={REFUND_QUEUE}
      labels={REFUND_QUEUE_LABEL}
      noun="退款申请"
      waitingEmpty="暂无待审核的退款申请，客户在订单或已购接口中申请退款后会出现在这里"
      placeholder="登录账号 / 订单号 / 接口名称"
      decideLabel="审 核"
      exportName="退款记录"
      scrollX={1000}
      lead={{ title: '会员', dataIndex: 'loginName', width: 140 }}
      columns={[
        {
          title: '退款范围',
          key: 'scope',
          width: 210,
          render: (_, r) => (
            <div>
              {r.scopeLabel}
              {r.orderNo ? <div className={styles.sub}>{r.orderNo}</div> : null}
            </div>
          ),
        },
        { title: '接口', dataIndex: 'interfaceName' },
        { title: '调用次数', dataIndex: 'calls', width: 110, align: 'right', render: (v: number) => v.toLocaleString('zh-CN') },
        {
          title: '金额（元）',
          dataIndex: 'amountFen',
          width: 120,
          align: 'right',
          render: (v: number) => <span className={styles.money}>{formatFen(v)}</span>,
        },
        timeColumn('申请时间', 'createdAt'),
        statusColumn(STATUS_COLOR),
      ]}
      review={{
        title: '退款申请',
        loadError: '退款详情加载失败，请稍后再试',
        after: (d, row, approved) => ({
          ...d,
          ...row,
          balanceFen: approved ? d.balanceFen + row.amountFen : d.balanceFen,
          purchase: approved && d.purchase ? { ...d.purchase, callsLeft: d.purchase.callsLeft - row.calls } : d.purchase,
          refundableCalls: row.calls,
          maxAmountFen: row.amountFen,
        }),
        approve: (d) => ({
          label: '通 过',
          // The calls were used up after the request: nothing is left to take back.
          disabled: d.refundableCalls <= 0,
          dialog: (open, close, send) => (
            <ApproveModal
              open={open}
              calls={d.refundableCalls}
              maxAmountFen={d.maxAmountFen}
              onCancel={close}
              onSubmit={(amount) => send({ decision: 'approve', amount })}
            />
          ),
        }),
        reject: {
          title: '驳回退款申请',
          placeholder: '如：该套餐已按约定开通并使用，不符合退款条件',
          subject: (d) => `${d.loginName} 对「${d.interfaceName}」的退款申请`,
        },
      }}
    >
      {(detail) => <RefundDetails detail={detail} />}
    </ReviewQueue>
  );
}

/** The request, the account and purchase it would change, and the member's recent orders. */
function RefundDetails({ detail }: { detail: RefundDetail }) {
  const requested = detail.status === 'requested';
  const nothingLeft = requested && detail.refundableCalls <= 0;
  return (
    <>
      {nothingLeft ? (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title="该接口已没有可退的调用次数"
          description="客户在申请后已用完这些调用，无法通过退款，请驳回并说明原因。"
        />
      ) : null}
      {requested && !nothingLeft && detail.refundableCalls < detail.calls ? (
        <Alert
          className={styles.notice}
          type="info"
          showIcon
          title="申请后客户又使用了部分调用"
          description={`现在通过将收回 ${detail.refundableCalls.toLocaleString('zh-CN')} 次（申请时 ${detail.calls.toLocaleString('zh-CN')} 次），按比例退回 ${formatFen(detail.maxAmountFen)} 元。`}
        />
      ) : null}
      <FactsSection
        title="退款信息"
        items={[
          { key: 'login', label: '会员', children: detail.loginName },
          { key: 'scope', label: '退款范围', children: detail.orderNo ? `${detail.scopeLabel}（${detail.orderNo}）` : detail.scopeLabel },
          { key: 'iface', label: '接口', children: detail.interfaceName },
          { key: 'calls', label: requested ? '申请退回次数' : '收回次数', children: `${detail.calls.toLocaleString('zh-CN')} 次` },
          {
            key: 'amount',
            label: requested ? '申请退款金额' : '退款金额',
            children: <span className={styles.money}>¥{formatFen(detail.amountFen)}</span>,
          },
          ...(requested
            ? [{ key: 'max', label: '现可退', children: `${detail.refundableCalls.toLocaleString('zh-CN')} 次 · ¥${formatFen(detail.maxAmountFen)}` }]
            : []),
          { key: 'request', label: '申请原因', children: detail.reason },
          { key: 'at', label: '申请时间', children: dateTime(detail.createdAt) },
          ...outcomeItems(STATUS_COLOR, detail, detail.decisionNote),
        ]}
      />
      <FactsSection
        title="账户与已购接口"
        items={[
          { key: 'balance', label: '当前余额', children: `¥${formatFen(detail.balanceFen)}` },
          ...(detail.purchase
            ? [
                {
                  key: 'left',
                  label: '剩余调用',
                  children: `${detail.purchase.callsLeft.toLocaleString('zh-CN')} 次（其中测试调用 ${detail.purchase.testCallsLeft.toLocaleString('zh-CN')} 次，不退款）`,
                },
                { key: 'expires', label: '有效期至', children: dateTime(detail.purchase.expiresAt) },
                { key: 'pstatus', label: '接口状态', children: detail.purchase.status === 'stopped' ? '已停用' : '正常' },
              ]
            : [{ key: 'none', label: '已购接口', children: '未找到对应的已购接口' }]),
        ]}
      />
      <RowsSection<OrderRow>
        title="最近订单"
        rows={detail.recentOrders}
        rowKey="orderNo"
        scrollX={720}
        empty="该会员还没有下过订单"
        columns={[
          timeColumn('下单时间', 'createdAt', 160),
          { title: '订单号', dataIndex: 'orderNo', width: 200 },
          { title: '接口', dataIndex: 'interfaceName' },
          { title: '金额（元）', dataIndex: 'priceFen', width: 110, align: 'right', render: (v: number) => formatFen(v) },
          { title: '状态', key: 'status', width: 120, render: (_, r) => (r.refundLabel ? `${r.statusLabel} · ${r.refundLabel}` : r.statusLabel) },
        ]}
      />
    </>
  );
}
