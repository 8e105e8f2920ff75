'use client';
// 我的API: every purchased interface with its key (copy), remaining calls, expiry and state.
// The name search is kept for the session (spec 02 §3 "myApiSearch"), so coming back from an
// interface's page finds the list as it was left.
import type { PurchaseRow } from '@apimarket/contracts';
import { Button, Card, Empty, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { dateTime } from '../../../../../lib/format';
import styles from './my-api.module.css';

const SEARCH_KEY = 'myApiSearch';
const PAGE_SIZE = 10;

function state(row: PurchaseRow): { label: string; color: string } {
  if (row.status === 'stopped') return { label: '已停用', color: 'default' };
  if (row.expired) return { label: '已过期', color: 'error' };
  if (row.callsLeft <= 0) return { label: '已用完', color: 'warning' };
  return { label: '正常', color: 'success' };
}

export function MyApiList() {
  const [name, setName] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: PurchaseRow[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const kept = window.sessionStorage.getItem(SEARCH_KEY) ?? '';
    setName(kept);
    setQuery(kept);
  }, []);

  const load = useCallback(async () => {
    if (query === null) return;
    try {
      const res = await request<{ rows: PurchaseRow[]; total: number }>('myBuy/list', {
        data: { interfaceName: query, pageNum, pageSize: PAGE_SIZE },
      });
      setPage({ rows: res.rows, total: res.total });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [query, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = (value: string) => {
    window.sessionStorage.setItem(SEARCH_KEY, value.trim());
    setPageNum(1);
    setQuery(value.trim());
  };

  const columns: TableColumnsType<PurchaseRow> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <div>
          <Link href={`/api/${r.interfaceId}`}>{r.interfaceName}</Link>
          <div className={styles.path}>POST {r.path}</div>
        </div>
      ),
    },
    {
      title: '接口 Key',
      key: 'key',
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.key, tooltips: ['复制 Key', '已复制'] }} className={styles.key} data-testid="purchase-key">
          {r.key}
        </Typography.Text>
      ),
    },
    {
      title: '剩余 / 总次数',
      key: 'calls',
      render: (_, r) => (
        <span data-testid="calls-left">
          <strong>{r.callsLeft.toLocaleString('zh-CN')}</strong> / {r.callsTotal.toLocaleString('zh-CN')}
        </span>
      ),
    },
    { title: '到期时间', key: 'expires', render: (_, r) => dateTime(r.expiresAt) },
    {
      title: '状态',
      key: 'state',
      render: (_, r) => {
        const s = state(r);
        return <Tag color={s.color}>{s.label}</Tag>;
      },
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Link href={`/api/${r.interfaceId}#packages`} className={styles.action}>
          续购套餐
        </Link>
      ),
    },
  ];

  return (
    <Card
      title="我的API"
      extra={
        <Input.Search
          placeholder="按接口名称搜索"
          allowClear
          value={name}
          onChange={(e) => setName(e.target.value)}
          onSearch={search}
          className={styles.search}
          aria-label="按接口名称搜索"
        />
      }
    >
      {failed && !page ? (
        <Empty description="已购接口暂时无法加载，请稍后刷新重试" />
      ) : (
        <Table<PurchaseRow>
          rowKey="id"
          columns={columns}
          dataSource={page?.rows ?? []}
          loading={!page}
          scroll={{ x: 900 }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{
            emptyText: (
              <Empty description={query ? '没有名称匹配的已购接口' : '还没有已购接口：在 API 市场选择套餐，支付后接口 Key 会出现在这里'}>
                <Link href="/api">
                  <Button type="primary">浏览 API 市场</Button>
                </Link>
              </Empty>
            ),
          }}
        />
      )}
    </Card>
  );
}
