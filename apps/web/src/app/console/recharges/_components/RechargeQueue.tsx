'use client';
// 充值确认: declared transfers by status (待确认 first) with their counts, a search over transfer
// reference, payer and login name, the drawer where the finance desk confirms or rejects, and
// 导出 Excel of the same tab and keyword for reconciling with the bank statement.
import { consoleRechargesApi, formatFen, RECHARGE_QUEUE, RECHARGE_QUEUE_LABEL, type RechargeQueueRow, type RechargeQueueStatus } from '@apimarket/contracts';
import { Tag, Typography } from 'antd';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';
import { RechargeDrawer } from './RechargeDrawer';
import { STATUS_COLOR } from './status';

export function RechargeQueue() {
  return (
    <ReviewQueue<RechargeQueueRow, RechargeQueueStatus>
      list={consoleRechargesApi.list}
      title="充值确认"
      hint="按银行流水核对流水号、付款户名和金额后确认到账；每笔只会入账一次"
      statuses={RECHARGE_QUEUE}
      labels={RECHARGE_QUEUE_LABEL}
      waiting="declared"
      noun="充值申请"
      waitingEmpty="暂无待确认的充值，客户申报对公转账后会出现在这里"
      placeholder="流水号 / 付款户名 / 登录账号"
      decideLabel="核 对"
      exportFile={{ call: consoleRechargesApi.export, name: '充值记录' }}
      columns={(open) => [
        {
          title: '转账流水号',
          dataIndex: 'transferRef',
          width: 200,
          render: (v: string, r) => <Typography.Link onClick={() => open(r.id)}>{v}</Typography.Link>,
        },
        { title: '付款户名', dataIndex: 'payerName' },
        {
          title: '金额（元）',
          dataIndex: 'amountFen',
          width: 140,
          align: 'right',
          render: (v: number) => <span className={styles.money}>{formatFen(v)}</span>,
        },
        { title: '会员', dataIndex: 'loginName', width: 140 },
        { title: '申报时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
        { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
      ]}
      drawer={(id, close, decided) => <RechargeDrawer id={id} onClose={close} onDecided={decided} />}
    />
  );
}
