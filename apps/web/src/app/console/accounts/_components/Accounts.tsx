'use client';
// 账户资金: the companies (main accounts) with their balance and latest movement, found by login
// name, company or phone; a row opens its ledger, where finance exports it or adjusts the balance.
import { type AccountRow, consoleAccountsApi, formatFen } from '@apimarket/contracts';
import { Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FilterCard, ListCard, openColumn, PageHead, TwoLines } from '@/components/console/ConsoleList';
import list from '@/components/console/list.module.css';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { AccountDrawer } from './AccountDrawer';

const NO_FILTERS = { keyword: '' };

export function Accounts() {
  const [form] = Form.useForm<{ keyword?: string }>();
  const [open, setOpen] = useState<AccountRow | null>(null);
  const accounts = usePagedList(consoleAccountsApi.list, { inUrl: true, quiet: true, pageSize: 20, filters: NO_FILTERS });
  const error = accounts.error ? (serverMessage(accounts.error) ?? '账户列表加载失败，请稍后再试') : null;
  const byId = (id: number) => setOpen(accounts.rows.find((r) => r.id === id) ?? null);

  const columns: TableColumnsType<AccountRow> = [
    { title: '账号', key: 'login', render: (_, r) => <TwoLines sub={r.companyName || '未完成企业认证'}>{r.loginName}</TwoLines> },
    { title: '余额（元）', key: 'balance', align: 'right', width: 160, render: (_, r) => formatFen(r.balanceFen) },
    { title: '资金变动', key: 'movements', align: 'right', width: 110, render: (_, r) => `${r.movements.toLocaleString('zh-CN')} 笔` },
    { title: '最近变动', key: 'last', width: 190, render: (_, r) => (r.lastMovementAt ? dateTime(r.lastMovementAt) : '—') },
    openColumn('流水与调账', byId, 110),
  ];

  return (
    <div className={list.stack}>
      <PageHead title="账户资金" />
      <FilterCard
        form={form}
        initialValues={{ keyword: accounts.filters.keyword || undefined }}
        onFinish={(v) => accounts.setFilters({ keyword: v.keyword?.trim() ?? '' })}
      >
        <Form.Item name="keyword" label="搜索">
          <Input allowClear placeholder="登录名、企业名称或手机号" maxLength={50} className={list.keyword} />
        </Form.Item>
      </FilterCard>
      <ListCard<AccountRow>
        list={accounts}
        error={error}
        title={accounts.reply ? `共 ${accounts.total.toLocaleString('zh-CN')} 个主账号` : '主账号'}
        columns={columns}
        scrollX={760}
        empty={accounts.filters.keyword ? '没有符合条件的账号，换个关键词试试' : '还没有注册的主账号'}
      />
      <AccountDrawer account={open} onClose={() => setOpen(null)} />
    </div>
  );
}
