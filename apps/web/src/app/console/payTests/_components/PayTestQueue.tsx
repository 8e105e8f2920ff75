'use client';
// 付费测试审批: applications by status (待审核 first) with their counts, a search over login name
// and interface, and the drawer where an operator approves (the fee is debited) or rejects.
import { consolePayTestsApi, formatFen, PAY_TEST_QUEUE, PAY_TEST_QUEUE_LABEL, type PayTestQueueRow, type PayTestQueueStatus } from '@apimarket/contracts';
import { Tag, Typography } from 'antd';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { dateTime } from '@/lib/format';
import { PayTestDrawer } from './PayTestDrawer';
import { STATUS_COLOR } from './status';

export function PayTestQueue() {
  return (
    <ReviewQueue<PayTestQueueRow, PayTestQueueStatus>
      list={consolePayTestsApi.list}
      title="付费测试审批"
      hint="通过时从客户余额扣除测试费用并开通测试次数；余额不足时不会扣费"
      statuses={PAY_TEST_QUEUE}
      labels={PAY_TEST_QUEUE_LABEL}
      waiting="applied"
      noun="付费测试申请"
      waitingEmpty="暂无待审核的付费测试申请，客户提交后会出现在这里"
      placeholder="登录账号 / 接口名称"
      decideLabel="审 批"
      scrollX={1000}
      columns={(open) => [
        { title: '会员', dataIndex: 'loginName', width: 140, render: (v: string, r) => <Typography.Link onClick={() => open(r.id)}>{v}</Typography.Link> },
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
        { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
        { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
      ]}
      drawer={(id, close, decided) => <PayTestDrawer id={id} onClose={close} onDecided={decided} />}
    />
  );
}
