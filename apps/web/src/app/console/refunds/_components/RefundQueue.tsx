'use client';
// 退款审核: refund requests by status (待审核 first) with their counts, a search over login name,
// order number and interface, the drawer where the finance desk approves or rejects, and
// 导出 Excel of the same tab and keyword for reconciling with the bank statement.
import { consoleRefundsApi, formatFen, REFUND_QUEUE, REFUND_QUEUE_LABEL, type RefundQueueRow, type RefundQueueStatus } from '@apimarket/contracts';
import { Tag, Typography } from 'antd';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';
import { RefundDrawer } from './RefundDrawer';
import { STATUS_COLOR } from './status';

export function RefundQueue() {
  return (
    <ReviewQueue<RefundQueueRow, RefundQueueStatus>
      list={consoleRefundsApi.list}
      title="退款审核"
      hint="通过后收回未用的调用次数，按购买单价退回账户余额（可填写更低金额）；测试调用不退款"
      statuses={REFUND_QUEUE}
      labels={REFUND_QUEUE_LABEL}
      waiting="requested"
      noun="退款申请"
      waitingEmpty="暂无待审核的退款申请，客户在订单或已购接口中申请退款后会出现在这里"
      placeholder="登录账号 / 订单号 / 接口名称"
      decideLabel="审 核"
      exportFile={{ call: consoleRefundsApi.export, name: '退款记录' }}
      scrollX={1000}
      columns={(open) => [
        { title: '会员', dataIndex: 'loginName', width: 140, render: (v: string, r) => <Typography.Link onClick={() => open(r.id)}>{v}</Typography.Link> },
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
        { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
        { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
      ]}
      drawer={(id, close, decided) => <RefundDrawer id={id} onClose={close} onDecided={decided} />}
    />
  );
}
