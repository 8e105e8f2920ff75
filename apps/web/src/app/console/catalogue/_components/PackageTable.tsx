'use client';
// An interface's price packages in the editor: every package, on sale or not, with 添加套餐,
// 编辑 and 上架/下架. Each change is saved at once and the interface's price from follows.
import { PlusOutlined } from '@ant-design/icons';
import { type CataloguePackage, consoleCatalogueApi, formatFen } from '@apimarket/contracts';
import { App, Button, Empty, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useReload } from '@/components/console/ConsoleContext';
import { useCallMutation } from '@/lib/api/query';
import { unitPrice } from '@/lib/catalog';
import styles from './catalogue.module.css';
import { PACKAGE_CHANGES, PackageModal } from './PackageModal';

export function PackageTable({ interfaceId, packages }: { interfaceId: number; packages: CataloguePackage[] }) {
  const { message } = App.useApp();
  /** The package dialog: closed (undefined), a new package (null) or the package edited. */
  const [editing, setEditing] = useState<CataloguePackage | null | undefined>(undefined);
  const reload = useReload();
  const statusChange = useCallMutation(consoleCatalogueApi.packageStatus, { quiet: true });

  const setStatus = (p: CataloguePackage, onSale: boolean) =>
    statusChange.mutateAsync({ id: p.id, status: onSale ? 'on_sale' : 'off_sale' }).then(
      (res) => {
        if (res.data.changed) message.success(res.msg);
        else message.info(res.msg);
        reload(...PACKAGE_CHANGES);
      },
      (err: unknown) => message.error(serverMessage(err) ?? '操作失败，请稍后再试'),
    );

  const columns: TableColumnsType<CataloguePackage> = [
    { title: '调用次数', dataIndex: 'calls', width: 110, render: (v: number) => `${v.toLocaleString('zh-CN')} 次` },
    { title: '价格', dataIndex: 'priceFen', width: 120, render: (v: number) => `¥${formatFen(v)}` },
    { title: '单价', key: 'unit', width: 110, render: (_, p) => <span className={shared.sub}>{unitPrice(p)}</span> },
    { title: '有效期', dataIndex: 'validityDays', width: 90, render: (v: number) => `${v} 天` },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '状态', dataIndex: 'onSale', width: 90, render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? '已上架' : '已下架'}</Tag> },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, p) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing(p)}>
            编 辑
          </Button>
          <Popconfirm
            title={p.onSale ? '下架这个套餐？' : '上架这个套餐？'}
            description={
              <div className={styles.confirm}>
                {p.onSale
                  ? '下架后客户不能再购买它；用它自动续费的客户会收到站内信，提醒改选其他套餐。已购的次数不受影响。'
                  : '上架后客户可以在接口页面购买它。'}
              </div>
            }
            okText={p.onSale ? '下 架' : '上 架'}
            okButtonProps={{ danger: p.onSale }}
            cancelText="取 消"
            onConfirm={() => setStatus(p, !p.onSale)}
          >
            <Button type="link" size="small" danger={p.onSale} loading={statusChange.isPending && statusChange.variables?.id === p.id}>
              {p.onSale ? '下 架' : '上 架'}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className={styles.packages}>
      <div className={styles.packagesHead}>
        <span className={shared.sub}>起售价取在售套餐的最低价；没有在售套餐时显示为「按需报价」。</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          添加套餐
        </Button>
      </div>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={packages}
        pagination={false}
        scroll={packages.length ? { x: 760 } : undefined}
        locale={{ emptyText: <Empty description="还没有价格套餐。添加后客户才能在线购买，否则显示为按需报价" /> }}
      />
      <PackageModal
        open={editing !== undefined}
        interfaceId={interfaceId}
        pkg={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </div>
  );
}
