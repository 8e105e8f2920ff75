'use client';
// One refund request beside the purchase as it stands now (calls used since the request lower
// what an approval returns), the member's balance and recent orders; decided from here.
import { consoleRefundsApi, formatFen, type OrderRow, type RefundDetail, type RefundQueueRow, type RefundQueueStatus } from '@apimarket/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { dateTime } from '@/lib/format';
import { ApproveModal } from './ApproveModal';
import styles from '@/components/console/review.module.css';
import { RejectModal } from '@/components/console/RejectModal';
import { useReviewDetail } from '@/components/console/useReviewDetail';
import { STATUS_COLOR } from './status';

export function RefundDrawer({
  id,
  onClose,
  onDecided,
}: {
  id: number | null;
  onClose: () => void;
  onDecided: (row: RefundQueueRow, before: RefundQueueStatus) => void;
}) {
  const {
    detail,
    error,
    decide: send,
  } = useReviewDetail<RefundDetail, RefundQueueRow, RefundQueueStatus>(consoleRefundsApi, id, '退款详情加载失败，请稍后再试', onDecided);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const decide = (fields: { decision: 'approve'; amount: string } | { decision: 'reject'; reason: string }) =>
    send(fields, (d, { row, changed }) => {
      const approved = changed && fields.decision === 'approve';
      return {
        ...d,
        ...row,
        balanceFen: approved ? d.balanceFen + row.amountFen : d.balanceFen,
        purchase: approved && d.purchase ? { ...d.purchase, callsLeft: d.purchase.callsLeft - row.calls } : d.purchase,
        refundableCalls: row.calls,
        maxAmountFen: row.amountFen,
      };
    });

  const requested = detail?.status === 'requested';
  const nothingLeft = detail !== null && requested && detail.refundableCalls <= 0;
  const footer =
    detail && requested ? (
      <div className={styles.actions}>
        <Button danger onClick={() => setRejecting(true)}>
          驳 回
        </Button>
        <Button type="primary" disabled={nothingLeft} onClick={() => setApproving(true)}>
          通 过
        </Button>
      </div>
    ) : null;

  const orderColumns = [
    { title: '下单时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
    { title: '订单号', dataIndex: 'orderNo', width: 200 },
    { title: '接口', dataIndex: 'interfaceName' },
    { title: '金额（元）', dataIndex: 'priceFen', width: 110, align: 'right' as const, render: (v: number) => formatFen(v) },
    { title: '状态', key: 'status', width: 120, render: (_: unknown, r: OrderRow) => (r.refundLabel ? `${r.statusLabel} · ${r.refundLabel}` : r.statusLabel) },
  ];

  return (
    <Drawer open={id !== null} onClose={onClose} size="min(720px, 100vw)" title="退款申请" destroyOnHidden footer={footer}>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!detail && !error ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {detail ? (
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
          <section className={styles.section}>
            <Descriptions
              title="退款信息"
              bordered
              size="small"
              column={1}
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
                { key: 'reason', label: '申请原因', children: detail.reason },
                { key: 'at', label: '申请时间', children: dateTime(detail.createdAt) },
                { key: 'status', label: '状态', children: <Tag color={STATUS_COLOR[detail.status]}>{detail.statusLabel}</Tag> },
                ...(detail.decisionNote ? [{ key: 'note', label: '驳回原因', children: detail.decisionNote }] : []),
                ...(detail.decidedAt
                  ? [{ key: 'by', label: '处理', children: `${detail.decidedBy === 'console' ? '命令行' : detail.decidedBy} · ${dateTime(detail.decidedAt)}` }]
                  : []),
              ]}
            />
          </section>
          <section className={styles.section}>
            <Descriptions
              title="账户与已购接口"
              bordered
              size="small"
              column={1}
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
          </section>
          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>最近订单</h3>
            <Table<OrderRow>
              rowKey="orderNo"
              size="small"
              pagination={false}
              dataSource={detail.recentOrders}
              scroll={detail.recentOrders.length ? { x: 720 } : undefined}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该会员还没有下过订单" /> }}
              columns={orderColumns}
            />
          </section>
        </>
      ) : null}
      {detail ? (
        <ApproveModal
          open={approving}
          calls={detail.refundableCalls}
          maxAmountFen={detail.maxAmountFen}
          onCancel={() => setApproving(false)}
          onSubmit={async (amount) => {
            await decide({ decision: 'approve', amount });
            setApproving(false);
          }}
        />
      ) : null}
      <RejectModal
        placeholder="如：该套餐已按约定开通并使用，不符合退款条件"
        open={rejecting}
        title="驳回退款申请"
        subject={detail ? `${detail.loginName} 对「${detail.interfaceName}」的退款申请` : '该退款申请'}
        onCancel={() => setRejecting(false)}
        onSubmit={async (reason) => {
          await decide({ decision: 'reject', reason });
          setRejecting(false);
        }}
      />
    </Drawer>
  );
}
