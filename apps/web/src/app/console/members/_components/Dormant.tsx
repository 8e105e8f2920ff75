'use client';
// 半年未登录 (Decision 9): main accounts not seen for six months, longest idle first — the same
// accounts the console home counts — to be marked for closure (the owner is told in 消息中心 and
// by SMS); and the accounts already marked, to take the mark off.
import { consoleMembersApi, type DormantRow } from '@apimarket/contracts';
import { Button, Popconfirm, Segmented, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ListCard, timeColumn } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import list from '@/components/console/list.module.css';
import { type ChangeReply, useAnnounce } from '@/components/console/useAnnounce';
import { serverMessage } from '@/lib/api/errors';
import { useCallMutation, usePagedList } from '@/lib/api/query';
import { AccountCell, lastLoginColumn } from './cells';
import styles from './members.module.css';

const PAGE_SIZE = 20;
/** A mark (or taking it off) reads the tab again, and the account if its drawer is open. */
const CHANGE = { quiet: true, invalidates: [consoleMembersApi.dormant, consoleMembersApi.detail, consoleMembersApi.list] };

export function Dormant({ onOpen }: { onOpen: (id: number) => void }) {
  const announce = useAnnounce();
  // 待标记 or 已标记待注销, in the address like the page.
  const dormant = usePagedList(consoleMembersApi.dormant, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: { marked: 'false' } });
  const marked = dormant.filters.marked === 'true';
  const error = dormant.error ? (serverMessage(dormant.error) ?? '长期未登录账号加载失败，请稍后再试') : null;
  const mark = useCallMutation(consoleMembersApi.markClosure, CHANGE);
  const unmark = useCallMutation(consoleMembersApi.unmarkClosure, CHANGE);
  const [busyId, setBusyId] = useState<number | null>(null);

  const act = async (send: (input: { id: number }) => Promise<ChangeReply>, id: number) => {
    setBusyId(id);
    await announce(() => send({ id }));
    setBusyId(null);
  };

  const columns: TableColumnsType<DormantRow> = [
    {
      title: '账号',
      key: 'login',
      render: (_, r) => (
        <AccountCell row={r} onOpen={onOpen}>
          {r.mobile || '未绑定手机'}
        </AccountCell>
      ),
    },
    { title: '企业', dataIndex: 'companyName', render: (v: string) => v || <span className={shared.sub}>未认证</span> },
    lastLoginColumn(),
    { title: '未登录', dataIndex: 'idleDays', width: 100, render: (v: number) => `${v} 天` },
    ...(marked ? [timeColumn<DormantRow>('标记时间', 'closureMarkedAt')] : []),
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
    <div className={list.stack}>
      <div className={styles.dormantHead}>
        <Segmented<'todo' | 'marked'>
          value={marked ? 'marked' : 'todo'}
          onChange={(v) => dormant.setFilters({ marked: v === 'marked' ? 'true' : 'false' })}
          options={[
            { value: 'todo', label: '待标记' },
            { value: 'marked', label: '已标记待注销' },
          ]}
        />
        <span className={shared.sub}>连续 6 个月未登录（从未登录的按注册时间算）且正在使用的主账号。</span>
      </div>
      <ListCard<DormantRow>
        list={dormant}
        error={error}
        title={dormant.reply ? `共 ${dormant.total.toLocaleString('zh-CN')} 个账号` : '半年未登录'}
        columns={columns}
        scrollX={900}
        empty={marked ? '没有标记待注销的账号' : '没有连续 6 个月未登录的账号，所有主账号近半年内都登录过'}
      />
    </div>
  );
}
