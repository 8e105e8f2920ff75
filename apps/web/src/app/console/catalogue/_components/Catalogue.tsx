'use client';
// 接口与套餐: every interface, on sale or not, filtered by name/number/path, category and status;
// 新建接口 and 编辑 open the editor; 上架/下架 ask first, since a take-down refuses calls at once.
import {
  type CatalogueInterfaceRow,
  consoleCatalogueApi,
  formatFen,
  INTERFACE_STATUS_LABEL,
  type InterfaceStatus,
  isInterfaceStatus,
} from '@apimarket/contracts';
import { Button, Form, Input, Popconfirm, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useReload } from '@/components/console/ConsoleContext';
import { FilterCard, ListCard, SelectFilter, PageHead, timeColumn } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { useAnnounce } from '@/components/console/useAnnounce';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import styles from './catalogue.module.css';
import { InterfaceEditor } from './InterfaceEditor';

/** The filter form's values. */
interface Fields {
  keyword?: string;
  categoryId?: number;
  status?: InterfaceStatus;
}

const PAGE_SIZE = 20;

/** The filters in the address (?keyword=&categoryId=&status=); '' is none. */
const NO_FILTERS = { keyword: '', categoryId: '', status: '' };

/** The confirmation of 上架/下架: what the change does to customers. */
export function statusWarning(target: InterfaceStatus, packagesOnSale: number): string {
  if (target === 'off_sale')
    return '下架后 API 商城不再展示、客户不能购买；已购客户对它的调用将返回 SYSTEM_015（接口已下架），不扣调用次数。已购客户会收到站内信。';
  const base = '上架后接口出现在 API 商城，客户可以购买和调用；已购客户会收到恢复通知。';
  return packagesOnSale > 0 ? base : `${base}该接口没有在售套餐，将显示为按需报价。`;
}

export function Catalogue() {
  const announce = useAnnounce();
  const [form] = Form.useForm<Fields>();
  const interfaces = usePagedList(consoleCatalogueApi.interfaces, { inUrl: true, pageSize: PAGE_SIZE, filters: NO_FILTERS, quiet: true });
  const categoryList = useCall(consoleCatalogueApi.categories, {}, { quiet: true });
  const categories = categoryList.data?.data ?? [];
  const error = interfaces.failed
    ? (serverMessage(interfaces.error) ?? '接口列表加载失败，请稍后再试')
    : categoryList.isError
      ? (serverMessage(categoryList.error) ?? '分类加载失败，请刷新重试')
      : null;
  const reload = useReload();
  const statusChange = useCallMutation(consoleCatalogueApi.interfaceStatus, { quiet: true });
  /** The editor: closed (undefined), a new interface (null) or an interface's id. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const shown: Fields = {
    keyword: interfaces.filters.keyword || undefined,
    categoryId: Number(interfaces.filters.categoryId) || undefined,
    status: isInterfaceStatus(interfaces.filters.status) ? interfaces.filters.status : undefined,
  };

  const setStatus = async (row: CatalogueInterfaceRow, status: InterfaceStatus) => {
    if (await announce(() => statusChange.mutateAsync({ id: row.id, status }), '操作失败，请稍后再试')) reload(consoleCatalogueApi.interfaces);
  };

  const filtered = Boolean(shown.keyword || shown.categoryId || shown.status);
  const columns: TableColumnsType<CatalogueInterfaceRow> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    {
      title: '接口',
      key: 'name',
      width: 280,
      render: (_, r) => (
        <div className={styles.nameCell}>
          <span className={styles.name}>{r.interfaceName}</span>
          <code className={styles.path}>{r.path}</code>
        </div>
      ),
    },
    { title: '分类', dataIndex: 'categoryName', width: 110 },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => (
        <Tag color={r.status === 'on_sale' ? 'success' : 'default'} data-testid="catalogue-status">
          {INTERFACE_STATUS_LABEL[r.status]}
        </Tag>
      ),
    },
    {
      title: '标记',
      key: 'flags',
      width: 150,
      render: (_, r) => {
        const tags = [
          r.isHot && (
            <Tag key="hot" color="red">
              热门
            </Tag>
          ),
          r.isNew && (
            <Tag key="new" color="blue">
              新品
            </Tag>
          ),
          r.enterpriseOnly && (
            <Tag key="ent" color="purple">
              企业专享
            </Tag>
          ),
          r.menuDisplay && <Tag key="menu">菜单</Tag>,
        ].filter(Boolean);
        return tags.length ? <span className={styles.tags}>{tags}</span> : <span className={shared.sub}>—</span>;
      },
    },
    {
      title: '起售价',
      key: 'priceFrom',
      width: 110,
      render: (_, r) => (r.priceFrom === null ? <span className={shared.sub}>按需报价</span> : `¥${formatFen(r.priceFrom)}`),
    },
    {
      title: '套餐',
      key: 'packages',
      width: 90,
      render: (_, r) => (
        <Tooltip title={`在售 ${r.packagesOnSale} 个，共 ${r.packages} 个`}>
          <span>
            {r.packagesOnSale}/{r.packages}
          </span>
        </Tooltip>
      ),
    },
    { title: '试用次数', dataIndex: 'trialCalls', width: 90, render: (v: number) => (v > 0 ? v : <span className={shared.sub}>无</span>) },
    timeColumn('更新时间', 'updatedAt'),
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, r) => {
        const target: InterfaceStatus = r.status === 'on_sale' ? 'off_sale' : 'on_sale';
        return (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setEditing(r.id)}>
              编 辑
            </Button>
            {r.status === 'on_sale' ? (
              <Button type="link" size="small" href={`/api/${r.id}`} target="_blank" rel="noopener noreferrer">
                预 览
              </Button>
            ) : (
              <Tooltip title="下架的接口没有公开页面，上架后可预览">
                <Button type="link" size="small" disabled>
                  预 览
                </Button>
              </Tooltip>
            )}
            <Popconfirm
              title={`${target === 'off_sale' ? '下架' : '上架'}「${r.interfaceName}」？`}
              description={<div className={styles.confirm}>{statusWarning(target, r.packagesOnSale)}</div>}
              okText={target === 'off_sale' ? '下 架' : '上 架'}
              okButtonProps={{ danger: target === 'off_sale' }}
              cancelText="取 消"
              onConfirm={() => setStatus(r, target)}
            >
              <Button type="link" size="small" danger={target === 'off_sale'} loading={statusChange.isPending && statusChange.variables?.id === r.id}>
                {target === 'off_sale' ? '下 架' : '上 架'}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageHead title="接口与套餐">
        <Button type="primary" onClick={() => setEditing(null)}>
          新建接口
        </Button>
      </PageHead>
      <FilterCard
        form={form}
        initialValues={shown}
        onFinish={(v) =>
          interfaces.setFilters({ keyword: v.keyword?.trim() ?? '', categoryId: v.categoryId ? String(v.categoryId) : '', status: v.status ?? '' })
        }
      >
        <Form.Item name="keyword" label="接口">
          <Input allowClear placeholder="名称、编号或网关路径" maxLength={50} />
        </Form.Item>
        <SelectFilter name="categoryId" label="分类" placeholder="全部分类" options={categories.map((c) => ({ value: c.id, label: c.categoryName }))} />
        <SelectFilter
          name="status"
          label="状态"
          placeholder="全部状态"
          options={(Object.keys(INTERFACE_STATUS_LABEL) as InterfaceStatus[]).map((s) => ({ value: s, label: INTERFACE_STATUS_LABEL[s] }))}
        />
      </FilterCard>
      <ListCard<CatalogueInterfaceRow>
        list={interfaces}
        error={error}
        columns={columns}
        scrollX={1480}
        empty={filtered ? '没有符合条件的接口，换个名称、分类或状态试试' : '目录里还没有接口，点击「新建接口」添加第一个'}
        emptyAction={
          filtered ? null : (
            <Button type="primary" onClick={() => setEditing(null)}>
              新建接口
            </Button>
          )
        }
        pagination={{ hideOnSinglePage: false, showTotal: (n) => `共 ${n} 个接口` }}
      />
      <InterfaceEditor
        open={editing !== undefined}
        id={editing ?? null}
        categories={categories}
        onCreated={(id) => setEditing(id)}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
