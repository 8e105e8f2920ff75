'use client';
// One paid test application: what is asked, what it costs against the member's balance, who to
// call about it and the member's earlier tests; an application under review is decided here.
import { consolePayTestsApi, formatFen, type PayTestDetail, type PayTestQueueRow, type PayTestQueueStatus } from '@apimarket/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { dateTime } from '@/lib/format';
import styles from '@/components/console/review.module.css';
import { RejectModal } from '@/components/console/RejectModal';
import { useReviewDetail } from '@/components/console/useReviewDetail';
import { STATUS_COLOR } from './status';

export function PayTestDrawer({
  id,
  onClose,
  onDecided,
}: {
  id: number | null;
  onClose: () => void;
  onDecided: (row: PayTestQueueRow, before: PayTestQueueStatus) => void;
}) {
  const {
    detail,
    error,
    decide: send,
  } = useReviewDetail<PayTestDetail, PayTestQueueRow, PayTestQueueStatus>(consolePayTestsApi, id, '申请详情加载失败，请稍后再试', onDecided);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const decide = (decision: 'approve' | 'reject', reason = '') =>
    send({ decision, reason }, (d, { row, changed }) => {
      // The list row masks the phone; the drawer keeps the whole one it was given.
      const balanceFen = changed && decision === 'approve' ? d.balanceFen - row.feeFen : d.balanceFen;
      return { ...d, ...row, contactPhone: d.contactPhone, balanceFen };
    });

  const applied = detail?.status === 'applied';
  const short = detail !== null && applied && detail.balanceFen < detail.feeFen;
  const footer =
    detail && applied ? (
      <div className={styles.actions}>
        <Button danger onClick={() => setRejecting(true)}>
          驳 回
        </Button>
        <Popconfirm
          title="确认通过该付费测试？"
          description={`将从客户余额扣除 ${formatFen(detail.feeFen)} 元，开通 ${detail.calls.toLocaleString('zh-CN')} 次测试调用。`}
          okText="确认通过"
          onConfirm={async () => {
            setApproving(true);
            await decide('approve')
              .catch(() => undefined)
              .finally(() => setApproving(false));
          }}
        >
          <Button type="primary" loading={approving}>
            通 过
          </Button>
        </Popconfirm>
      </div>
    ) : null;

  return (
    <Drawer open={id !== null} onClose={onClose} size="min(720px, 100vw)" title="付费测试申请" destroyOnHidden footer={footer}>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!detail && !error ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {detail ? (
        <>
          {short ? (
            <Alert
              className={styles.notice}
              type="warning"
              showIcon
              title="客户余额不足以支付测试费用"
              description={`测试费用 ${formatFen(detail.feeFen)} 元，当前余额 ${formatFen(detail.balanceFen)} 元。此时通过会被拒绝且不扣费，请先联系客户充值。`}
            />
          ) : null}
          <section className={styles.section}>
            <Descriptions
              title="申请信息"
              bordered
              size="small"
              column={1}
              items={[
                { key: 'login', label: '会员', children: detail.loginName },
                { key: 'iface', label: '接口', children: detail.interfaceName },
                { key: 'calls', label: '测试次数', children: `${detail.calls.toLocaleString('zh-CN')} 次` },
                { key: 'fee', label: '测试费用', children: <span className={styles.money}>¥{formatFen(detail.feeFen)}</span> },
                { key: 'balance', label: '当前余额', children: `¥${formatFen(detail.balanceFen)}` },
                { key: 'purpose', label: '测试用途', children: detail.purpose },
                { key: 'contact', label: '联系人', children: `${detail.contactName} ${detail.contactPhone}` },
                { key: 'at', label: '申请时间', children: dateTime(detail.createdAt) },
                { key: 'status', label: '状态', children: <Tag color={STATUS_COLOR[detail.status]}>{detail.statusLabel}</Tag> },
                ...(detail.reason ? [{ key: 'reason', label: '驳回原因', children: detail.reason }] : []),
                ...(detail.approvedAt ? [{ key: 'valid', label: '有效期', children: `${dateTime(detail.approvedAt)} 至 ${dateTime(detail.expiresAt)}` }] : []),
                ...(detail.decidedBy ? [{ key: 'by', label: '处理人', children: detail.decidedBy === 'console' ? '命令行' : detail.decidedBy }] : []),
              ]}
            />
          </section>
          <section className={styles.section}>
            <h3 className={styles.sectionTitle}>该会员的其他付费测试</h3>
            <Table<PayTestQueueRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.history}
              scroll={detail.history.length ? { x: 560 } : undefined}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这是该会员的第一次付费测试申请" /> }}
              columns={[
                { title: '申请时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
                { title: '接口', dataIndex: 'interfaceName' },
                { title: '费用', dataIndex: 'feeFen', width: 100, render: (v: number) => `¥${formatFen(v)}` },
                { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
              ]}
            />
          </section>
        </>
      ) : null}
      <RejectModal
        placeholder="如：测试用途与接口不符，请补充具体业务场景"
        open={rejecting}
        title="驳回付费测试申请"
        subject={detail ? `「${detail.interfaceName}」的付费测试申请（${detail.loginName}）` : '该付费测试申请'}
        onCancel={() => setRejecting(false)}
        onSubmit={async (reason) => {
          await decide('reject', reason);
          setRejecting(false);
        }}
      />
    </Drawer>
  );
}
