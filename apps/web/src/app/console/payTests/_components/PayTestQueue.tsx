'use client';
// 付费测试审批: applications by status (待审核 first) with their counts, a search over login name
// and interface, and the drawer where an operator approves (the fee is debited) or rejects: what
// is asked, what it costs against the member's balance, who to call and the member's earlier tests.
import {
  consolePayTestsApi,
  formatFen,
  PAY_TEST_QUEUE,
  PAY_TEST_QUEUE_LABEL,
  type PayTestDetail,
  type PayTestQueueRow,
  type PayTestQueueStatus,
} from '@apimarket/contracts';
import { Alert } from 'antd';
import { timeColumn } from '@/components/console/ConsoleList';
import { deciderName, FactsSection, RowsSection, StatusTag, statusColumn } from '@/components/console/ReviewDrawer';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';

const STATUS_COLOR: Record<PayTestQueueStatus, string> = { applied: 'processing', approved: 'success', rejected: 'error', expired: 'default' };

export function PayTestQueue() {
  return (
    <ReviewQueue<PayTestDetail, PayTestQueueRow, PayTestQueueStatus>
      calls={consolePayTestsApi}
      title="付费测试审批"
      hint="通过时从客户余额扣除测试费用并开通测试次数；余额不足时不会扣费"
      statuses={PAY_TEST_QUEUE}
      labels={PAY_TEST_QUEUE_LABEL}
      noun="付费测试申请"
      waitingEmpty="暂无待审核的付费测试申请，客户提交后会出现在这里"
      placeholder="登录账号 / 接口名称"
      decideLabel="审 批"
      scrollX={1000}
      lead={{ title: '会员', dataIndex: 'loginName', width: 140 }}
      columns={[
        { title: '接口', dataIndex: 'interfaceName' },
        { title: '测试次数', dataIndex: 'calls', width: 100, render: (v: number) => v.toLocaleString('zh-CN') },
        { title: '测试费用', dataIndex: 'feeFen', width: 120, render: (v: number) => <span className={styles.money}>¥{formatFen(v)}</span> },
        {
          title: '联系人',
          key: 'contact',
          width: 150,
          render: (_, r) => (
            <div>
              {r.contactName}
              <div className={styles.sub}>{r.contactPhone}</div>
            </div>
          ),
        },
        timeColumn('申请时间', 'createdAt'),
        statusColumn(STATUS_COLOR),
      ]}
      review={{
        title: '付费测试申请',
        loadError: '申请详情加载失败，请稍后再试',
        // The list row masks the phone; the drawer keeps the whole one it was given.
        after: (d, row, approved) => ({ ...d, ...row, contactPhone: d.contactPhone, balanceFen: approved ? d.balanceFen - row.feeFen : d.balanceFen }),
        approve: (d) => ({
          label: '通 过',
          decision: 'approve',
          confirm: {
            title: '确认通过该付费测试？',
            description: `将从客户余额扣除 ${formatFen(d.feeFen)} 元，开通 ${d.calls.toLocaleString('zh-CN')} 次测试调用。`,
            okText: '确认通过',
          },
        }),
        reject: {
          title: '驳回付费测试申请',
          placeholder: '如：测试用途与接口不符，请补充具体业务场景',
          subject: (d) => `「${d.interfaceName}」的付费测试申请（${d.loginName}）`,
        },
      }}
    >
      {(detail) => (
        <>
          {detail.status === 'applied' && detail.balanceFen < detail.feeFen ? (
            <Alert
              className={styles.notice}
              type="warning"
              showIcon
              title="客户余额不足以支付测试费用"
              description={`测试费用 ${formatFen(detail.feeFen)} 元，当前余额 ${formatFen(detail.balanceFen)} 元。此时通过会被拒绝且不扣费，请先联系客户充值。`}
            />
          ) : null}
          <FactsSection
            title="申请信息"
            items={[
              { key: 'login', label: '会员', children: detail.loginName },
              { key: 'iface', label: '接口', children: detail.interfaceName },
              { key: 'calls', label: '测试次数', children: `${detail.calls.toLocaleString('zh-CN')} 次` },
              { key: 'fee', label: '测试费用', children: <span className={styles.money}>¥{formatFen(detail.feeFen)}</span> },
              { key: 'balance', label: '当前余额', children: `¥${formatFen(detail.balanceFen)}` },
              { key: 'purpose', label: '测试用途', children: detail.purpose },
              { key: 'contact', label: '联系人', children: `${detail.contactName} ${detail.contactPhone}` },
              { key: 'at', label: '申请时间', children: dateTime(detail.createdAt) },
              { key: 'status', label: '状态', children: <StatusTag colors={STATUS_COLOR} item={detail} /> },
              ...(detail.reason ? [{ key: 'reason', label: '驳回原因', children: detail.reason }] : []),
              ...(detail.approvedAt ? [{ key: 'valid', label: '有效期', children: `${dateTime(detail.approvedAt)} 至 ${dateTime(detail.expiresAt)}` }] : []),
              ...(detail.decidedBy ? [{ key: 'by', label: '处理人', children: deciderName(detail.decidedBy) }] : []),
            ]}
          />
          <RowsSection<PayTestQueueRow>
            title="该会员的其他付费测试"
            rows={detail.history}
            rowKey="id"
            scrollX={560}
            empty="这是该会员的第一次付费测试申请"
            columns={[
              timeColumn('申请时间', 'createdAt', 160),
              { title: '接口', dataIndex: 'interfaceName' },
              { title: '费用', dataIndex: 'feeFen', width: 100, render: (v: number) => `¥${formatFen(v)}` },
              statusColumn(STATUS_COLOR),
            ]}
          />
        </>
      )}
    </ReviewQueue>
  );
}
