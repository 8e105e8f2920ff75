'use client';
// 充值确认: declared transfers by status (待确认 first) with their counts, a search over transfer
// reference, payer and login name, 导出 Excel of the same tab and keyword for reconciling with the
// bank statement, and the drawer where the finance desk confirms or rejects a transfer beside
// what it checks first: the member's balance now, their recent orders and their other recharges.
import {
  consoleRechargesApi,
  formatFen,
  type OrderRow,
  RECHARGE_QUEUE,
  RECHARGE_QUEUE_LABEL,
  type RechargeDetail,
  type RechargeQueueRow,
  type RechargeQueueStatus,
} from '@apimarket/contracts';
import { timeColumn } from '@/components/console/ConsoleList';
import { FactsSection, outcomeItems, RowsSection, statusColumn } from '@/components/console/ReviewDrawer';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';

const STATUS_COLOR: Record<RechargeQueueStatus, string> = { declared: 'processing', confirmed: 'success', rejected: 'error' };

/** A sum in 元, right-aligned, for the drawer's tables. */
const yuanColumn = <T,>(dataIndex: keyof T & string) => ({
  title: '金额（元）',
  dataIndex,
  width: 110,
  align: 'right' as const,
  render: (v: number) => formatFen(v),
});

export function RechargeQueue() {
  return (
    <ReviewQueue<RechargeDetail, RechargeQueueRow, RechargeQueueStatus>
      calls={consoleRechargesApi}
      title="充值确认"
      hint="按银行流水核对流水号、付款户名和金额后确认到账；每笔只会入账一次"
      statuses={RECHARGE_QUEUE}
      labels={RECHARGE_QUEUE_LABEL}
      noun="充值申请"
      waitingEmpty="暂无待确认的充值，客户申报对公转账后会出现在这里"
      placeholder="流水号 / 付款户名 / 登录账号"
      decideLabel="核 对"
      exportName="充值记录"
      lead={{ title: '转账流水号', dataIndex: 'transferRef', width: 200 }}
      columns={[
        { title: '付款户名', dataIndex: 'payerName' },
        {
          title: '金额（元）',
          dataIndex: 'amountFen',
          width: 140,
          align: 'right',
          render: (v: number) => <span className={styles.money}>{formatFen(v)}</span>,
        },
        { title: '会员', dataIndex: 'loginName', width: 140 },
        timeColumn('申报时间', 'createdAt'),
        statusColumn(STATUS_COLOR),
      ]}
      review={{
        title: '充值申请',
        loadError: '充值详情加载失败，请稍后再试',
        after: (d, row, confirmed) => ({ ...d, ...row, balanceFen: confirmed ? d.balanceFen + row.amountFen : d.balanceFen }),
        approve: (d) => ({
          label: '确认到账',
          decision: 'confirm',
          confirm: {
            title: `确认已收到 ¥${formatFen(d.amountFen)}？`,
            description: `付款户名「${d.payerName}」，流水号 ${d.transferRef}。确认后 ${formatFen(d.amountFen)} 元计入 ${d.loginName} 的账户余额。`,
            okText: '确认到账',
          },
        }),
        reject: {
          title: '驳回充值申请',
          placeholder: '如：银行流水中未查到该笔转账，请核对流水号',
          subject: (d) => `流水号 ${d.transferRef} 的 ${formatFen(d.amountFen)} 元充值`,
        },
      }}
    >
      {(detail) => (
        <>
          <FactsSection
            title="转账信息"
            items={[
              { key: 'ref', label: '转账流水号', children: detail.transferRef },
              { key: 'payer', label: '付款户名', children: detail.payerName },
              { key: 'amount', label: '金额', children: <span className={styles.money}>¥{formatFen(detail.amountFen)}</span> },
              { key: 'login', label: '会员', children: detail.loginName },
              { key: 'balance', label: '当前余额', children: `¥${formatFen(detail.balanceFen)}` },
              { key: 'at', label: '申报时间', children: dateTime(detail.createdAt) },
              ...outcomeItems(STATUS_COLOR, detail, detail.reason),
            ]}
          />
          <RowsSection<OrderRow>
            title="最近订单"
            rows={detail.recentOrders}
            rowKey="orderNo"
            scrollX={520}
            empty="该会员还没有下过订单"
            columns={[
              timeColumn('下单时间', 'createdAt', 160),
              { title: '接口', dataIndex: 'interfaceName' },
              yuanColumn('priceFen'),
              { title: '状态', dataIndex: 'statusLabel', width: 80 },
            ]}
          />
          <RowsSection<RechargeQueueRow>
            title="其他充值记录"
            rows={detail.recentRecharges}
            rowKey="id"
            scrollX={560}
            empty="这是该会员的第一笔充值"
            columns={[
              timeColumn('申报时间', 'createdAt', 160),
              { title: '流水号', dataIndex: 'transferRef' },
              yuanColumn('amountFen'),
              statusColumn(STATUS_COLOR, 80),
            ]}
          />
        </>
      )}
    </ReviewQueue>
  );
}
