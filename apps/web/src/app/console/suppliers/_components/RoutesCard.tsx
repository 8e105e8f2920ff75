'use client';
// 接口线路: an interface picked by name, number or path (kept in the address as ?interfaceId=), then
// its routes in the order the gateway tries them, with 新增线路, 编辑 and 删除 (asked first).
// Credentials show by their header names only: the server never answers their values.
import { consoleCatalogueApi, consoleSuppliersApi, type RouteRow, SUPPLIER_MSG, type SupplierRow } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Popconfirm, Select, Skeleton, Space, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAddressParams } from '@/lib/address';
import shared from '@/components/console/console.module.css';
import { useReload } from '@/components/console/ConsoleContext';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { RouteModal } from './RouteModal';
import styles from './suppliers.module.css';

/** The interface of the address, or null. */
function idOf(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 999_999_999 ? n : null;
}

export function RoutesCard({ suppliers }: { suppliers: SupplierRow[] }) {
  const { message } = App.useApp();
  const { params, show } = useAddressParams();
  const interfaceId = idOf(params.get('interfaceId'));
  const [keyword, setKeyword] = useState('');
  /** The dialog: closed (undefined), a new route (null) or the route edited. */
  const [editing, setEditing] = useState<RouteRow | null | undefined>(undefined);
  const reload = useReload();

  const found = useCall(consoleCatalogueApi.interfaces, { keyword, pageNum: 1, pageSize: 20 }, { quiet: true });
  // The chosen interface's name, when the search on screen does not hold it (an address shared).
  const chosen = useCall(consoleCatalogueApi.interface, { id: interfaceId ?? 0 }, { enabled: interfaceId !== null, quiet: true });
  const routes = useCall(consoleSuppliersApi.routes, { interfaceId: interfaceId ?? 0 }, { enabled: interfaceId !== null, quiet: true });
  const removing = useCallMutation(consoleSuppliersApi.deleteRoute, { quiet: true });
  const rows = routes.data?.data ?? [];
  const error = routes.isError ? (serverMessage(routes.error) ?? '线路加载失败，请稍后再试') : null;

  const options = (found.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.id} ${r.interfaceName}` }));
  if (interfaceId !== null && !options.some((o) => o.value === interfaceId)) {
    options.unshift({ value: interfaceId, label: chosen.data ? `${interfaceId} ${chosen.data.data.interfaceName}` : String(interfaceId) });
  }

  const pick = (id: number | undefined) => show({ interfaceId: id });

  const remove = async (row: RouteRow) => {
    try {
      const res = await removing.mutateAsync({ id: row.id });
      void message.success(res.msg);
      reload(consoleSuppliersApi.routes, consoleSuppliersApi.list);
    } catch (err) {
      void message.error(serverMessage(err) ?? '删除失败，请稍后再试');
    }
  };

  const columns: TableColumnsType<RouteRow> = [
    {
      title: '供应商',
      key: 'supplier',
      width: 150,
      render: (_, r) => (
        <div className={styles.cellLines}>
          <span>{r.supplierName}</span>
          {r.supplierStatus === 'disabled' ? <span className={shared.sub}>供应商已停用</span> : null}
        </div>
      ),
    },
    { title: '优先级', dataIndex: 'priority', width: 80, align: 'right' },
    { title: '权重', dataIndex: 'weight', width: 70, align: 'right' },
    { title: '超时 ms', dataIndex: 'timeoutMs', width: 90, align: 'right' },
    { title: '单次成本 元', dataIndex: 'costYuan', width: 110, align: 'right' },
    {
      title: '凭证',
      key: 'credentials',
      width: 180,
      render: (_, r) =>
        r.credentialNames.length ? (
          <span className={styles.tags} data-testid="route-credentials">
            {r.credentialNames.map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
          </span>
        ) : (
          <span className={shared.sub} data-testid="route-credentials">
            未设置
          </span>
        ),
    },
    { title: '地址', dataIndex: 'endpoint', width: 260, render: (v: string) => <code className={styles.endpoint}>{v}</code> },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 70,
      render: (v: boolean, r) => <Switch size="small" checked={v} disabled aria-label={`${r.supplierName} 线路${v ? '已启用' : '已停用'}`} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编 辑
          </Button>
          <Popconfirm
            title={`删除「${r.supplierName}」的线路？`}
            description={rows.length === 1 ? '这是该接口唯一的线路，删除后由沙箱应答。' : '删除后网关不再调用这条线路。'}
            okText="删 除"
            okButtonProps={{ danger: true }}
            cancelText="取 消"
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger loading={removing.isPending && removing.variables?.id === r.id}>
              删 除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      {error ? <Alert type="error" showIcon title={error === SUPPLIER_MSG.interfaceMissing ? `接口 ${interfaceId} 不存在，请重新选择` : error} /> : null}
      <Card
        title="接口线路"
        extra={
          interfaceId !== null ? (
            <Button type="primary" disabled={!suppliers.length} onClick={() => setEditing(null)}>
              新增线路
            </Button>
          ) : null
        }
      >
        <div className={styles.picker}>
          <span>接口</span>
          <Select<number>
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim().slice(0, 50)) }}
            allowClear
            value={interfaceId ?? undefined}
            placeholder="搜索接口名称、编号或网关路径"
            options={options}
            loading={found.isFetching}
            notFoundContent={found.isFetching ? '搜索中…' : '没有符合的接口'}
            onChange={(v) => pick(v)}
            className={styles.pickerSelect}
            aria-label="选择接口"
            data-testid="route-interface"
          />
        </div>
        {interfaceId === null ? (
          <Empty description="请先在上方选择一个接口，查看和配置它的供应商线路" />
        ) : rows.length ? (
          <Table<RouteRow>
            rowKey="id"
            data-testid="route-table"
            loading={routes.isFetching}
            dataSource={rows}
            columns={columns}
            scroll={{ x: 1140 }}
            pagination={false}
          />
        ) : routes.isFetching ? (
          <Skeleton active />
        ) : routes.isSuccess ? (
          <Empty description="该接口暂无供应商线路，由沙箱应答" data-testid="route-empty">
            {suppliers.length ? (
              <Button type="primary" onClick={() => setEditing(null)}>
                新增线路
              </Button>
            ) : (
              <span className={shared.sub}>请先在上方新建供应商</span>
            )}
          </Empty>
        ) : null}
        <p className={styles.hint}>
          网关按优先级从小到大调用线路，同一优先级内按权重分配；调用失败或已熔断的供应商会被跳过，改用下一条线路；没有启用线路的接口由沙箱应答。
        </p>
      </Card>
      {interfaceId !== null ? (
        <RouteModal
          open={editing !== undefined}
          interfaceId={interfaceId}
          route={editing ?? null}
          suppliers={suppliers}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </>
  );
}
