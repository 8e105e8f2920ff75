'use client';
// One declared transfer beside what the finance desk checks before confirming it: the member's
// balance now, their recent orders and their other recharges.
import { consoleRechargesApi, formatFen, type OrderRow, type RechargeDetail, type RechargeQueueRow, type RechargeQueueStatus } from '@apimarket/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { dateTime } from '@/lib/format';
import styles from '@/components/console/review.module.css';
import { RejectModal } from '@/components/console/RejectModal';
import { useReviewDetail } from '@/components/console/useReviewDetail';
import { STATUS_COLOR } from './status';

export function RechargeDrawer({
  id,
  onClose,
  onDecided,
}: {
  id: number | null;
  onClose: () => void;
  onDecided: (row: RechargeQueueRow, before: RechargeQueueStatus) => void;
}) {
  const {
    detail,
    error,
    decide: send,
  } = useReviewDetail<RechargeDetail, RechargeQueueRow, RechargeQueueStatus>(consoleRechargesApi, id, '充值详情加载失败，请稍后再试', onDecided);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const decide = (decision: 'confirm' | 'reject', reason = '') =>
    send({ decision, reason }, (d, { row, changed }) => {
      const balanceFen = changed && decision === 'confirm' ? d.balanceFen + row.amountFen : d.balanceFen;
      return { ...d, ...row, balanceFen };
    });

  const declared = detail?.status === 'declared';
  const footer =
    detail && declared ? (
      <div className={styles.actions}>
        <Button danger onClick={() => setRejecting(true)}>
          驳 回
        </Button>
        <Popconfirm
          title={`确认已收到 ¥${formatFen(detail.amountFen)}？`}
          description={`付款户名「${detail.payerName}」，流水号 ${detail.transferRef}。确认后 ${formatFen(detail.amountFen)} 元计入 ${detail.loginName} 的账户余额。`}
          okText="确认到账"
          onConfirm={async () => {
            setConfirming(true);
            await decide('confirm')
              .catch(() => undefined)
              .finally(() => setConfirming(false));
          }}
        >
          <Button type="primary" loading={confirming}>
            确认到账
          </Button>
        </Popconfirm>
      </div>
    ) : null;

  const orderColumns = [
    { title: '下单时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
    { title: '接口', dataIndex: 'interfaceName' },
    { title: '金额（元）', dataIndex: 'priceFen', width: 110, align: 'right' as const, render: (v: number) => formatFen(v) },
    { title: '状态', dataIndex: 'statusLabel', width: 80 },
  ];

  return (
    <Drawer open={id !== null} onClose={onClose} size="min(720px, 100vw)" title="充值申请" destroyOnHidden footer={footer}>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!detail && !error ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {detail ? (
        <>
          <section className={styles.section}>
            <Descriptions
              title="转账信息"
              bordered
              size="small"
              column={1}
              items={[
                { key: 'ref', label: '转账流水号', children: detail.transferRef },
                { key: 'payer', label: '付款户名', children: detail.payerName },
                { key: 'amount', label: '金额', children: <span className={styles.money}>¥{formatFen(detail.amountFen)}</span> },
                { key: 'login', label: '会员', children: detail.loginName },
                { key: 'balance', label: '当前余额', children: `¥${formatFen(detail.balanceFen)}` },
                { key: 'at', label: '申报时间', children: dateTime(detail.createdAt) },
                { key: 'status', label: '状态', children: <Tag color={STATUS_COLOR[detail.status]}>{detail.statusLabel}</Tag> },
                ...(detail.reason ? [{ key: 'reason', label: '驳回原因', children: detail.reason }] : []),
                ...(detail.decidedAt
                  ? [{ key: 'by', label: '处理', children: `${detail.decidedBy === 'console' ? '命令行' : detail.decidedBy} · ${dateTime(detail.decidedAt)}` }]
                  : []),
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
              scroll={detail.recentOrders.length ? { x: 520 } : undefined}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该会员还没有下过订单" /> }}
              columns={orderColumns}
            />
          </section>
          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>其他充值记录</h3>
            <Table<RechargeQueueRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.recentRecharges}
              scroll={detail.recentRecharges.length ? { x: 560 } : undefined}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这是该会员的第一笔充值" /> }}
              columns={[
                { title: '申报时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
                { title: '流水号', dataIndex: 'transferRef' },
                { title: '金额（元）', dataIndex: 'amountFen', width: 110, align: 'right', render: (v: number) => formatFen(v) },
                { title: '状态', key: 'status', width: 80, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
              ]}
            />
          </section>
        </>
      ) : null}
      <RejectModal
        placeholder="如：银行流水中未查到该笔转账，请核对流水号"
        open={rejecting}
        title="驳回充值申请"
        subject={detail ? `流水号 ${detail.transferRef} 的 ${formatFen(detail.amountFen)} 元充值` : '该充值申请'}
        onCancel={() => setRejecting(false)}
        onSubmit={async (reason) => {
          await decide('reject', reason);
          setRejecting(false);
        }}
      />
    </Drawer>
  );
}
