'use client';
// 在线支付: the online payments, newest first, by state (with each state's count) and by a
// keyword over payment number, trade number, order number and login name. An unsettled payment
// can be asked about now (「查询支付状态」): the provider's answer books a paid one, closes an
// expired one — what the query job does every minute — and the row shows the outcome.
import { type ConsolePaymentRow, consolePaymentsApi, formatFen, PAYMENT_STATUS, PAYMENT_STATUS_LABEL, type PaymentStatus } from '@apimarket/contracts';
import { App, Button, Form, Input, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { FilterCard, ListCard, PageHead, SelectFilter, timeColumn, TwoLines } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import styles from '@/components/console/review.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';

const COLOR: Record<PaymentStatus, string> = { created: 'processing', paid: 'success', closed: 'default' };
const NO_FILTERS = { status: '', keyword: '' };

interface Fields {
  status?: string;
  keyword?: string;
}

export function PaymentList() {
  const { message } = App.useApp();
  const list = usePagedList(consolePaymentsApi.list, { inUrl: true, pageSize: 20, filters: NO_FILTERS, quiet: true });
  const [form] = Form.useForm<Fields>();
  const [asking, setAsking] = useState<number | null>(null);
  const error = list.failed ? (serverMessage(list.error) ?? '在线支付记录加载失败，请稍后再试') : null;
  const counts = list.reply && 'counts' in list.reply ? list.reply.counts : null;

  const query = async (row: ConsolePaymentRow) => {
    setAsking(row.id);
    try {
      const res = await request(consolePaymentsApi.query, { id: row.id });
      message.success(res.msg);
      await list.refetch();
    } catch (err) {
      message.error(serverMessage(err) ?? '支付渠道暂时无法查询，请稍后再试');
    } finally {
      setAsking(null);
    }
  };

  const columns: TableColumnsType<ConsolePaymentRow> = [
    {
      title: '支付单号',
      dataIndex: 'paymentNo',
      width: 220,
      render: (v: string, r) => <TwoLines sub={r.purpose === 'order' ? `订单 ${r.orderNo}` : r.purposeLabel}>{v}</TwoLines>,
    },
    { title: '会员', dataIndex: 'loginName', width: 140 },
    {
      title: '金额（元）',
      dataIndex: 'amountFen',
      width: 130,
      align: 'right',
      render: (v: number) => <span className={styles.money}>{formatFen(v)}</span>,
    },
    { title: '支付方式', dataIndex: 'providerLabel', width: 140 },
    { title: '渠道交易号', dataIndex: 'tradeNo', width: 240, render: (v: string) => v || <span className={shared.sub}>—</span> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 160,
      render: (v: PaymentStatus, r) => (
        <TwoLines sub={r.note || undefined}>
          <Tag color={COLOR[v]}>{r.statusLabel}</Tag>
        </TwoLines>
      ),
    },
    timeColumn('创建时间', 'createdAt'),
    timeColumn('支付时间', 'paidAt'),
    {
      title: '操作',
      key: 'query',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'paid' ? null : (
          <Button type="link" size="small" loading={asking === r.id} onClick={() => void query(r)}>
            查询支付状态
          </Button>
        ),
    },
  ];

  const label = (s: PaymentStatus) => `${PAYMENT_STATUS_LABEL[s]}${counts ? `（${counts[s].toLocaleString('zh-CN')}）` : ''}`;

  return (
    <>
      <PageHead title="在线支付">
        <span className={shared.sub}>支付结果以支付渠道的签名通知为准；未收到通知的，系统每分钟向渠道查询一次</span>
      </PageHead>
      <FilterCard
        form={form}
        initialValues={{ status: list.filters.status || undefined, keyword: list.filters.keyword || undefined }}
        onFinish={(v) => list.setFilters({ status: v.status ?? '', keyword: v.keyword?.trim() ?? '' })}
      >
        <SelectFilter name="status" label="状态" placeholder="全部状态" options={PAYMENT_STATUS.map((s) => ({ value: s, label: label(s) }))} />
        <Form.Item name="keyword" label="关键词">
          <Input allowClear placeholder="支付单号 / 交易号 / 订单号 / 登录账号" maxLength={50} />
        </Form.Item>
      </FilterCard>
      <ListCard<ConsolePaymentRow>
        list={list}
        error={error}
        title={list.loading ? '支付记录' : `共 ${list.total.toLocaleString('zh-CN')} 笔`}
        columns={columns}
        scrollX={1400}
        empty="没有符合条件的在线支付"
      />
    </>
  );
}
