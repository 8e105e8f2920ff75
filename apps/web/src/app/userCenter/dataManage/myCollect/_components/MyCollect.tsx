'use client';
// 我的收藏: the collected interfaces with category, summary, price and sale state; each links to
// its page and to buying there, and can be removed. An interface taken off sale stays, marked.
import { type FavoriteRow, favoritesApi, formatFen } from '@apimarket/contracts';
import { App, Button, Card, Popconfirm, type TableColumnsType, Tag } from 'antd';
import Link from 'next/link';
import { EmptyState, InterfaceCell, ListTable, MarketLink } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './my-collect.module.css';

export function MyCollect() {
  const { message } = App.useApp();
  const list = usePagedList(favoritesApi.list, { inUrl: true, quiet: true });
  const removal = useCallMutation(favoritesApi.remove, { invalidates: [favoritesApi.list], onSuccess: (res) => void message.success(res.msg) });
  const remove = (row: FavoriteRow) => removal.mutateAsync({ interfaceId: row.interfaceId }).catch(() => undefined);

  const columns: TableColumnsType<FavoriteRow> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <InterfaceCell id={r.interfaceId} name={r.interfaceName} className={styles.name}>
          <p className={styles.summary}>{r.summary}</p>
        </InterfaceCell>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', key: 'category', width: 120 },
    {
      title: '价格',
      key: 'price',
      width: 140,
      render: (_, r) =>
        r.priceFrom === null ? <span className={styles.muted}>按需报价</span> : <span className={panel.price}>¥{formatFen(r.priceFrom)} 起</span>,
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
      <ListTable<FavoriteRow>
        rowKey="interfaceId"
        columns={columns}
        list={list}
        failedText="收藏暂时无法加载，请稍后刷新重试"
        scrollX={900}
        empty={
          <EmptyState
            testId="collect-empty"
            title="还没有收藏的接口"
            text="在接口详情页点击「收藏」，常用和待评估的接口会集中在这里，方便对比价格和购买。"
            action={<MarketLink />}
          />
        }
      />
    </Card>
  );
}
