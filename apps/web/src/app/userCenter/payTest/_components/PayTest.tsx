'use client';
// 付费测试: the account's applications with their states (审核中, 已通过, 已驳回, 已过期), the test
// calls left while one runs, and 申请测试, which opens the application form.
import { formatFen, PAY_TEST_LIMITS, type PayTestRow, type PayTestStatus, payTestApi } from '@apimarket/contracts';
import { Alert, Button, Card, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { EmptyState, InterfaceCell, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { ApplyModal } from './ApplyModal';
import styles from './pay-test.module.css';

const COLOR: Record<PayTestStatus, string> = { applied: 'processing', approved: 'success', rejected: 'error', expired: 'default' };

export function PayTest() {
  const list = usePagedList(payTestApi.list, { quiet: true });
  const [applying, setApplying] = useState(false);

  const columns: TableColumnsType<PayTestRow> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <InterfaceCell id={r.interfaceId} name={r.interfaceName}>
          <div className={panel.sub}>申请于 {dateTime(r.createdAt)}</div>
        </InterfaceCell>
      ),
    },
    { title: '测试次数', key: 'calls', width: 100, render: (_, r) => r.calls.toLocaleString('zh-CN') },
    { title: '测试费用', key: 'fee', width: 120, render: (_, r) => <span className={panel.price}>¥{formatFen(r.feeFen)}</span> },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, r) => (
        <Tag color={COLOR[r.status]} data-testid="paytest-status">
          {r.statusLabel}
        </Tag>
      ),
    },
    {
      title: '剩余测试次数',
      key: 'left',
      width: 120,
      render: (_, r) => (r.testCallsLeft === null ? '—' : <span data-testid="paytest-left">{r.testCallsLeft.toLocaleString('zh-CN')}</span>),
    },
    { title: '通过时间', key: 'approvedAt', width: 170, render: (_, r) => dateTime(r.approvedAt) },
    { title: '到期时间', key: 'expiresAt', width: 170, render: (_, r) => dateTime(r.expiresAt) },
    {
      title: '说明',
      key: 'note',
      render: (_, r) => {
        if (r.status === 'rejected') return <span className={styles.reason}>驳回原因：{r.reason}</span>;
        if (r.status === 'expired')
          return <span className={panel.sub}>{r.expiredCalls > 0 ? `到期清零 ${r.expiredCalls.toLocaleString('zh-CN')} 次` : '测试次数已用完'}</span>;
        if (r.status === 'approved') return <span className={panel.sub}>接口 Key 见「我的API」</span>;
        return <span className={panel.sub}>等待平台审核</span>;
      },
    },
  ];

  // In the card's head, and again as the first step of an empty list.
  const apply = (
    <Button type="primary" onClick={() => setApplying(true)}>
      申请测试
    </Button>
  );

  return (
    <Card title="付费测试" extra={apply}>
      <Alert
        type="info"
        showIcon
        className={panel.notice}
        title={`付费测试按接口套餐的最低单价计费，每次可申请 ${PAY_TEST_LIMITS.minCalls}–${PAY_TEST_LIMITS.maxCalls.toLocaleString('zh-CN')} 次。`}
        description={`审核通过时从账户余额扣除测试费用，测试次数加入该接口的「我的API」并优先使用，有效期 ${PAY_TEST_LIMITS.validityMonths} 个月；到期后测试服务停止，未用完的测试次数清零。每个接口同时只能有一个审核中或进行中的测试。`}
      />
      <ListTable<PayTestRow>
        rowKey="id"
        columns={columns}
        list={list}
        failedText="付费测试记录暂时无法加载，请稍后刷新重试"
        scrollX={1100}
        scrollWhenEmpty
        empty={
          <EmptyState
            testId="paytest-empty"
            title="还没有付费测试"
            text="正式购买前，可以先用少量调用在真实业务中验证接口效果。选择接口和测试次数，费用在提交前即可看到。"
            action={apply}
          />
        }
      />
      <ApplyModal
        open={applying}
        onClose={() => setApplying(false)}
        onApplied={() => {
          setApplying(false);
          list.setPage(1);
        }}
      />
    </Card>
  );
}
