'use client';
// 我的收藏: the collected interfaces with category, summary, price and sale state; each links to
// its page and to buying there, and can be removed. An interface taken off sale stays, marked.
import { type FavoriteRow, formatFen } from '@apimarket/contracts';
import { App, Button, Card, Empty, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { serverMessage } from '../../../../../lib/api/errors';
import { dateTime } from '../../../../../lib/format';
import styles from './my-collect.module.css';

const PAGE_SIZE = 10;

export function MyCollect() {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: FavoriteRow[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await request<{ rows: FavoriteRow[]; total: number }>('MyAccount/goFavorite', { data: { pageNum, pageSize: PAGE_SIZE } });
      // Removing the last entry of a later page: show the page before it.
      if (res.rows.length === 0 && res.total > 0 && pageNum > 1) {
        setPageNum(Math.ceil(res.total / PAGE_SIZE));
        return;
      }
      setPage({ rows: res.rows, total: res.total });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (row: FavoriteRow) => {
    try {
      const res = await request<{ msg: string }>('AccountManagement/deteleCollection', { data: { interfaceId: row.interfaceId } });
      message.success(res.msg);
      await load();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    }
  };

  const columns: TableColumnsType<FavoriteRow> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <div className={styles.name}>
          <Link href={`/api/${r.interfaceId}`}>{r.interfaceName}</Link>
          <p className={styles.summary}>{r.summary}</p>
        </div>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', key: 'category', width: 120 },
    {
      title: '价格',
      key: 'price',
      width: 140,
      render: (_, r) => (r.priceFrom === null ? <span className={styles.muted}>按需报价</span> : <span className={styles.price}>¥{formatFen(r.priceFrom)} 起</span>),
    },
    {
      title: '状态',
      key: 'state',
      width: 90,
      render: (_, r) => (r.onSale ? <Tag color="success">在售</Tag> : <Tag>已下架</Tag>),
    },
    { title: '收藏时间', key: 'createdAt', width: 170, render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, r) => (
        <span className={styles.actions}>
          {r.onSale ? (
            <Link href={`/api/${r.interfaceId}#packages`} className={styles.buy}>
              购买
            </Link>
          ) : null}
          <Popconfirm title={`将「${r.interfaceName}」移出收藏？`} okText="移出" cancelText="取消" onConfirm={() => remove(r)}>
            <Button type="link" danger size="small">
              取消收藏
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <Card title="我的收藏">
      {failed && !page ? (
        <Empty description="收藏暂时无法加载，请稍后刷新重试" />
      ) : (
        <Table<FavoriteRow>
          rowKey="interfaceId"
          columns={columns}
          dataSource={page?.rows ?? []}
          loading={!page}
          scroll={page?.rows?.length ? { x: 900 } : undefined}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{
            emptyText: (
              <div className={styles.empty} data-testid="collect-empty">
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <>
                      <strong className={styles.emptyTitle}>还没有收藏的接口</strong>
                      <span className={styles.emptyText}>在接口详情页点击「收藏」，常用和待评估的接口会集中在这里，方便对比价格和购买。</span>
                    </>
                  }
                >
                  <Link href="/api">
                    <Button type="primary">浏览 API 市场</Button>
                  </Link>
                </Empty>
              </div>
            ),
          }}
        />
      )}
    </Card>
  );
}
