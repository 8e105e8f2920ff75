'use client';
// 半年未登录 (Decision 9): main accounts not seen for six months, longest idle first — the same
// accounts the console home counts — to be marked for closure (the owner is told in 消息中心 and
// by SMS); and the accounts already marked, to take the mark off.
import type { DormantRow } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Popconfirm, Segmented, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import styles from './members.module.css';

const PAGE_SIZE = 20;

export function Dormant({ onOpen, version }: { onOpen: (id: number) => void; version: number }) {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [marked, setMarked] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: DormantRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the signal to read again after a change in the drawer
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<{ rows: DormantRow[]; total: number }>('members/dormant', { data: { marked: marked ? 'true' : 'false', pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '长期未登录账号加载失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  }, [call, marked, pageNum, version]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (path: string, id: number) => {
    setBusyId(id);
    try {
      const res = await call<{ msg: string; data: { changed: boolean } }>(path, { data: { id } });
      if (res.data.changed) void message.success(res.msg);
      else void message.info(res.msg);
      await load();
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
          <Popconfirm title="取消待注销标记？" okText="确 定" cancelText="取 消" onConfirm={() => act('members/unmarkClosure', r.id)}>
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
            onConfirm={() => act('members/markClosure', r.id)}
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
          onChange={(v) => {
            setPageNum(1);
            setMarked(v === 'marked');
          }}
          options={[
            { value: 'todo', label: '待标记' },
            { value: 'marked', label: '已标记待注销' },
          ]}
        />
        <span className={shared.sub}>连续 6 个月未登录（从未登录的按注册时间算）且正在使用的主账号。</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card title={page ? `共 ${page.total.toLocaleString('zh-CN')} 个账号` : '半年未登录'}>
        <Table<DormantRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 900 } : undefined}
          locale={{
            emptyText: <Empty description={marked ? '没有标记待注销的账号' : '没有连续 6 个月未登录的账号，所有主账号近半年内都登录过'} />,
          }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNum, hideOnSinglePage: true }}
        />
      </Card>
    </div>
  );
}
