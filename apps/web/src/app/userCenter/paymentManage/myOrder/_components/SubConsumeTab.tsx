'use client';
// 子账号消费 (main accounts only): the sub-accounts' calls of the open data API per interface in a
// period — this China month unless other days are chosen — from mytrade/subAccount/consume/list.
// The filters are kept in the address.
import { accountApi, formatFen, type SubConsumeRow, subConsumeApi } from '@apimarket/contracts';
import { Button, DatePicker, Empty, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './sub-consume.module.css';

const SUB_ACCOUNTS_HREF = '/userCenter/accountManage/subAccount';

interface FormValues {
  subAccountId?: number;
  interfaceName?: string;
  range?: [Dayjs, Dayjs] | null;
}

const FILTERS = { subAccountId: '', interfaceName: '', startDate: '', endDate: '' };

interface Child {
  id: number;
  mname: string;
  userName: string;
}

const times = (n: number) => `${n.toLocaleString('zh-CN')} 次`;

export function SubConsumeTab() {
  const list = usePagedList(subConsumeApi.list, { inUrl: true, filters: FILTERS, quiet: true });
  const { filters } = list;
  const [children, setChildren] = useState<Child[]>([]);

  useEffect(() => {
    request(accountApi.children, {}, { silent: true })
      .then((r) => setChildren(r.rows))
      .catch(() => setChildren([]));
  }, []);

  // The period the server used and the totals of the whole filter, beside the page.
  const summary = list.reply;
  const dated = filters.startDate !== '' || filters.endDate !== '';
  const filtered = filters.subAccountId !== '' || filters.interfaceName !== '' || dated;

  const columns: TableColumnsType<SubConsumeRow> = [
    {
      title: '子账号',
      key: 'account',
      render: (_, r) => (
        <span className={styles.account}>
          {r.loginName}
          {r.nickname ? <span className={styles.nickname}>{r.nickname}</span> : null}
        </span>
      ),
    },
    { title: '接口', key: 'interface', render: (_, r) => r.interfaceName || '—' },
    { title: '调用次数', key: 'calls', align: 'right', render: (_, r) => times(r.calls) },
    { title: '计费次数', key: 'charged', align: 'right', render: (_, r) => times(r.chargedCalls) },
    { title: '金额（元）', key: 'cost', align: 'right', render: (_, r) => formatFen(r.costFen) },
    { title: '最近调用', key: 'last', render: (_, r) => dateTime(r.lastCallAt) },
  ];

  const empty = list.failed ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="子账号消费暂时无法加载，请稍后刷新重试" />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的子账号调用记录" />
  ) : (
    <EmptyState
      testId="sub-consume-empty"
      title="还没有子账号的调用记录"
      text="子账号在「账号管理 › 子账号管理」中创建和管理；子账号用自己名下接口的 Key 调用后，本月的调用次数会按子账号和接口汇总在这里。"
      action={
        <Link href={SUB_ACCOUNTS_HREF}>
          <Button>管理子账号</Button>
        </Link>
      }
    />
  );

  return (
    <>
      <Form
        layout="inline"
        initialValues={{
          subAccountId: filters.subAccountId ? Number(filters.subAccountId) : undefined,
          interfaceName: filters.interfaceName,
          range: filters.startDate && filters.endDate ? [dayjs(filters.startDate), dayjs(filters.endDate)] : null,
        }}
        onFinish={(v: FormValues) =>
          list.setFilters({
            subAccountId: v.subAccountId === undefined ? '' : String(v.subAccountId),
            interfaceName: v.interfaceName?.trim() ?? '',
            startDate: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
            endDate: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
          })
        }
        className={panel.filters}
      >
        <Form.Item name="subAccountId" label="子账号">
          <Select
            allowClear
            placeholder="全部子账号"
            style={{ width: 180 }}
            options={children.map((c) => ({ value: c.id, label: c.userName ? `${c.mname}（${c.userName}）` : c.mname }))}
            notFoundContent="还没有子账号"
          />
        </Form.Item>
        <Form.Item name="interfaceName" label="接口">
          <Input allowClear placeholder="接口名称" maxLength={50} />
        </Form.Item>
        <Form.Item name="range" label="调用日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查 询
        </Button>
      </Form>
      {summary?.period.startDate ? (
        <Space className={styles.summary} size="large" wrap data-testid="sub-consume-summary">
          <span>
            统计区间：{summary.period.startDate} 至 {summary.period.endDate}
            {dated ? '' : '（本月）'}
          </span>
          <span>合计调用 {times(summary.sum.calls)}</span>
          <span>计费 {times(summary.sum.chargedCalls)}</span>
          <span>金额 ¥{formatFen(summary.sum.costFen)}</span>
        </Space>
      ) : null}
      <ListTable<SubConsumeRow> rowKey={(r) => `${r.subAccountId}-${r.interfaceId ?? 0}`} columns={columns} list={list} scrollX={860} empty={empty} />
    </>
  );
}
