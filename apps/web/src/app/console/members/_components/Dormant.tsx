'use client';
// 半年未登录 (Decision 9): main accounts not seen for six months, longest idle first — the same
// accounts the console home counts — to be marked for closure (the owner is told in 消息中心 and
// by SMS); and the accounts already marked, to take the mark off.
import { consoleMembersApi, type DormantRow } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Popconfirm, Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './members.module.css';

const PAGE_SIZE = 20;
/** A mark (or taking it off) reads the tab again, and the account if its drawer is open. */
const CHANGE = { quiet: true, invalidates: [consoleMembersApi.dormant, consoleMembersApi.detail, consoleMembersApi.list] };

export function Dormant({ onOpen }: { onOpen: (id: number) => void }) {
  const { message } = App.useApp();
  // 待标记 or 已标记待注销, in the address like the page.
  const list = usePagedList(consoleMembersApi.dormant, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: { marked: 'false' } });
  const marked = list.filters.marked === 'true';
  const error = list.error ? (serverMessage(list.error) ?? '长期未登录账号加载失败，请稍后再试') : null;
  const mark = useCallMutation(consoleMembersApi.markClosure, CHANGE);
  const unmark = useCallMutation(consoleMembersApi.unmarkClosure, CHANGE);
  const [busyId, setBusyId] = useState<number | null>(null);

  const act = async (send: (input: { id: number }) => Promise<{ msg: string; data: { changed: boolean } }>, id: number) => {
    setBusyId(id);
    try {
      const res = await send({ id });
      if (res.data.changed) void message.success(res.msg);
      else void message.info(res.msg);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setBusyId(null);
    }
  };

  const columns: TableColumnsType<DormantRow> = [
    {
      title: '账号',
      key: 'login',
      render: (_, r) => (
        <div>
          <Button type="link" size="small" className={styles.nameLink} onClick={() => onOpen(r.id)}>
            {r.loginName}
          </Button>
          <div className={shared.sub}>{r.mobile || '未绑定手机'}</div>
        </div>
      ),
    },
    { title: '企业', dataIndex: 'companyName', render: (v: string) => v || <span className={shared.sub}>未认证</span> },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 170, render: (v: string | null) => (v ? dateTime(v) : <span className={shared.sub}>从未登录</span>) },
    { title: '未登录', dataIndex: 'idleDays', width: 100, render: (v: number) => `${v} 天` },
    ...(marked ? [{ title: '标记时间', dataIndex: 'closureMarkedAt', width: 170, render: (v: string | null) => dateTime(v) }] : []),
    {
      title: '操作',
      key: 'act',
      width: 120,
      fixed: 'right',
      render: (_, r) =>
        marked ? (
          <Popconfirm title="取消待注销标记？" okText="确 定" cancelText="取 消" onConfirm={() => act(unmark.mutateAsync, r.id)}>
            <Button size="small" loading={busyId === r.id}>
              取消标记
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm
            title={`将 ${r.loginName} 标记为待注销？`}
            description="账号本人会收到站内消息和短信通知；账号和数据不会被删除。"
            okText="标 记"
            cancelText="取 消"
            onConfirm={() => act(mark.mutateAsync, r.id)}
          >
            <Button size="small" danger loading={busyId === r.id}>
              标记待注销
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.dormantHead}>
        <Segmented<'todo' | 'marked'>
          value={marked ? 'marked' : 'todo'}
          onChange={(v) => list.setFilters({ marked: v === 'marked' ? 'true' : 'false' })}
          options={[
            { value: 'todo', label: '待标记' },
            { value: 'marked', label: '已标记待注销' },
          ]}
        />
        <span className={shared.sub}>连续 6 个月未登录（从未登录的按注册时间算）且正在使用的主账号。</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card title={list.reply ? `共 ${list.total.toLocaleString('zh-CN')} 个账号` : '半年未登录'}>
        <Table<DormantRow>
          rowKey="id"
          loading={list.fetching}
          columns={columns}
          dataSource={list.rows}
          scroll={list.rows.length ? { x: 900 } : undefined}
          locale={{
            emptyText: <Empty description={marked ? '没有标记待注销的账号' : '没有连续 6 个月未登录的账号，所有主账号近半年内都登录过'} />,
          }}
          pagination={list.pagination}
        />
      </Card>
    </div>
  );
}
