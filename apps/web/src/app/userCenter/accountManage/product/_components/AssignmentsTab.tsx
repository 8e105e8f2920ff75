'use client';
// 分配记录: every key the main account gave its sub-accounts, with the calls allotted, used and
// left and what the purchase behind it has left for everyone. Filters (子账号, 接口名称, 状态) are in
// the address, so ?subAccountId= from 子账号管理 opens one sub-account's keys. A table on a desk,
// cards on a phone (no sideways scrolling); rows chosen on either are stopped or resumed together.
import { ASSIGNMENT_STATUS_LABEL, ASSIGNMENT_STATUSES, type AssignmentRow, chinaDay, productsApi } from '@apimarket/contracts';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Form, Grid, Input, Pagination, Select, Space, Spin, type TableColumnsType, Tag } from 'antd';
import Link from 'next/link';
import { type ReactNode, useState } from 'react';
import { EmptyState, InterfaceCell, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { toastFailure, useCallMutation, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';
import { AdjustDialog, AssignDialog } from './AssignDialog';
import { CallsDrawer } from './CallsDrawer';
import styles from './products.module.css';
import { count, SUB_ACCOUNTS_HREF, subLabel, useAssignable, useSubAccounts } from './shared';

const FILTERS = { subAccountId: '', interfaceName: '', status: '' };

interface FormValues {
  subAccountId?: number;
  interfaceName?: string;
  status?: string;
}

const limit = (n: number | null) => (n === null ? '不限' : count(n));

function StatusTag({ row }: { row: AssignmentRow }) {
  return (
    <Tag color={row.status === 'active' ? 'success' : 'default'} data-testid="assignment-status">
      {row.statusLabel}
    </Tag>
  );
}

/** A time on two short lines (date, then hour), so the column stays narrow. */
function TwoLineTime({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  const [day, time] = dateTime(iso).split(' ');
  return (
    <>
      <div>{day}</div>
      <div className={panel.sub}>{time}</div>
    </>
  );
}

export function AssignmentsTab() {
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const list = usePagedList(productsApi.page, { inUrl: true, filters: FILTERS, quiet: true });
  const { filters } = list;
  const subs = useSubAccounts();
  const assignable = useAssignable();
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState(false);
  const [adjusting, setAdjusting] = useState<AssignmentRow | null>(null);
  const [details, setDetails] = useState<AssignmentRow | null>(null);
  const [exporting, setExporting] = useState(false);

  // Only rows on screen can be chosen: a new page or filter leaves nothing chosen out of sight.
  const onScreen = new Set(list.rows.map((r) => r.id));
  const chosen = selected.filter((id) => onScreen.has(id));
  const chosenRows = list.rows.filter((r) => chosen.includes(r.id));

  const changed = { invalidates: [productsApi.page, productsApi.interfaceList] };
  const switching = useCallMutation(productsApi.changeState, {
    ...changed,
    onSuccess: (_res, input) =>
      void message.success(input.action === 'stop' ? '已停用：这把密钥的调用将返回 SYSTEM_003，不计费' : '已启用：这把密钥可以继续在分配次数内调用'),
  });
  const batching = useCallMutation(productsApi.batchChangeState, {
    ...changed,
    onSuccess: (res, input) => {
      message.success(`已${input.action === 'stop' ? '停用' : '启用'} ${res.data.changed} 条分配`);
      setSelected([]);
    },
  });

  const stopOrResume = (r: AssignmentRow) =>
    r.status === 'stopped'
      ? void switching.mutateAsync({ id: r.id, action: 'resume' }).catch(() => undefined)
      : modal.confirm({
          title: `停用 ${r.loginName} 的「${r.interfaceName}」？`,
          content: '停用后该子账号用这把密钥的调用将返回 SYSTEM_003（不计费），其他子账号不受影响，可随时启用。',
          okText: '停 用',
          cancelText: '取 消',
          okButtonProps: { danger: true },
          onOk: () => switching.mutateAsync({ id: r.id, action: 'stop' }).catch(() => undefined),
        });

  const batch = (action: 'stop' | 'resume') => {
    const ids = chosenRows.filter((r) => (action === 'stop' ? r.status === 'active' : r.status === 'stopped')).map((r) => r.id);
    if (ids.length === 0) {
      message.info(action === 'stop' ? '所选分配都已是停用状态' : '所选分配都已是启用状态');
      return;
    }
    modal.confirm({
      title: `${action === 'stop' ? '停用' : '启用'}所选的 ${ids.length} 条分配？`,
      content: action === 'stop' ? '停用后这些密钥的调用将返回 SYSTEM_003（不计费），可随时启用。' : '启用后这些密钥可以继续在分配次数内调用。',
      okText: action === 'stop' ? '停 用' : '启 用',
      cancelText: '取 消',
      okButtonProps: { danger: action === 'stop' },
      onOk: () => batching.mutateAsync({ ids: ids.join(','), action }).catch(() => undefined),
    });
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      // The whole filter, not a page: the paging fields are there for the schema and ignored.
      const file = await request(productsApi.download, { ...filters, pageNum: 1, pageSize: 10 });
      if (file instanceof Blob) saveBlob(file, `产品分配-${chinaDay().replaceAll('-', '')}.xlsx`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setExporting(false);
    }
  };

  // In the table the three actions stand one above the other, so the columns fit a desk's width.
  const actions = (r: AssignmentRow, stacked = false) => (
    <Space size={0} wrap={!stacked} orientation={stacked ? 'vertical' : 'horizontal'} align="start" className={stacked ? undefined : styles.actions}>
      <Button type="link" size="small" onClick={() => setAdjusting(r)}>
        调整次数
      </Button>
      <Button type="link" size="small" danger={r.status === 'active'} onClick={() => stopOrResume(r)}>
        {r.status === 'active' ? '停用' : '启用'}
      </Button>
      <Button type="link" size="small" onClick={() => setDetails(r)}>
        调用明细
      </Button>
    </Space>
  );

  const columns: TableColumnsType<AssignmentRow> = [
    {
      title: '子账号',
      key: 'sub',
      width: 130,
      render: (_, r) => (
        <>
          <div>{r.loginName}</div>
          <div className={panel.sub}>{[r.contacter, r.subCompanyName].filter(Boolean).join(' · ') || '—'}</div>
        </>
      ),
    },
    {
      title: '接口',
      key: 'interface',
      width: 142,
      render: (_, r) => (
        <InterfaceCell id={r.interfaceId} name={r.interfaceName}>
          <div className={panel.sub}>{dateTime(r.expiresAt)} 到期</div>
        </InterfaceCell>
      ),
    },
    { title: '密钥', key: 'key', width: 120, render: (_, r) => <span className={styles.key}>{r.keyMasked}</span> },
    { title: '分配次数', key: 'allotted', width: 88, align: 'right', render: (_, r) => limit(r.callsAllotted) },
    { title: '已用', key: 'used', width: 60, align: 'right', render: (_, r) => <span data-testid="assignment-used">{count(r.callsUsed)}</span> },
    {
      title: '剩余',
      key: 'left',
      width: 64,
      align: 'right',
      render: (_, r) => (
        <strong className={r.callsLeft === 0 ? styles.spent : undefined} data-testid="assignment-left">
          {limit(r.callsLeft)}
        </strong>
      ),
    },
    { title: '主账号剩余', key: 'purchaseLeft', width: 100, align: 'right', render: (_, r) => count(r.purchaseCallsLeft) },
    { title: '状态', key: 'status', width: 76, render: (_, r) => <StatusTag row={r} /> },
    { title: '最近调用', key: 'last', width: 132, render: (_, r) => <TwoLineTime iso={r.lastCallAt} /> },
    { title: '操作', key: 'actions', width: 96, fixed: 'right', render: (_, r) => actions(r, true) },
  ];

  const filtered = filters.subAccountId !== '' || filters.interfaceName !== '' || filters.status !== '';
  const assignButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)}>
      分配接口
    </Button>
  );
  let empty: ReactNode;
  if (list.failed) empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="分配记录暂时无法加载，请稍后刷新重试" />;
  else if (filters.subAccountId !== '' && filters.interfaceName === '' && filters.status === '')
    empty = (
      <EmptyState
        testId="assignments-empty-sub"
        title="这个子账号还没有分配接口"
        text="分配后它会得到自己的密钥，在分配次数内调用，次数从主账号的套餐中扣除。"
        action={assignButton}
      />
    );
  else if (filtered) empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的分配记录" />;
  else if (!assignable.loading && !assignable.failed && assignable.rows.length === 0)
    empty = (
      <EmptyState
        testId="assignments-empty-purchases"
        title="还没有可分配的接口"
        text="产品分配把主账号已购买的接口分给子账号使用：每个子账号用自己的密钥调用，次数从主账号的套餐中扣除。先在 API 市场购买接口套餐。"
        action={
          <Link href="/api">
            <Button type="primary">去购买接口</Button>
          </Link>
        }
      />
    );
  else if (!subs.loading && !subs.failed && subs.total === 0)
    empty = (
      <EmptyState
        testId="assignments-empty-subs"
        title="还没有子账号"
        text="先在「子账号管理」中为团队或子公司创建子账号，再把已购接口分配给他们，每个子账号会得到自己的密钥。"
        action={
          <Link href={SUB_ACCOUNTS_HREF}>
            <Button type="primary">创建子账号</Button>
          </Link>
        }
      />
    );
  else
    empty = (
      <EmptyState
        testId="assignments-empty"
        title="还没有分配记录"
        text="把已购接口分配给子账号后，每个子账号用自己的密钥调用，已用和剩余次数按子账号列在这里。"
        action={assignButton}
      />
    );

  return (
    <>
      <Form
        layout={narrow ? 'vertical' : 'inline'}
        initialValues={{
          subAccountId: filters.subAccountId ? Number(filters.subAccountId) : undefined,
          interfaceName: filters.interfaceName,
          status: filters.status || undefined,
        }}
        onFinish={(v: FormValues) =>
          list.setFilters({
            subAccountId: v.subAccountId === undefined ? '' : String(v.subAccountId),
            interfaceName: v.interfaceName?.trim() ?? '',
            status: v.status ?? '',
          })
        }
        className={`${panel.filters} ${styles.filters}`}
      >
        <Form.Item name="subAccountId" label="子账号">
          <Select
            allowClear
            placeholder="全部子账号"
            style={{ width: narrow ? '100%' : 200 }}
            loading={subs.loading}
            showSearch={{ optionFilterProp: 'label' }}
            options={subs.rows.map((s) => ({ value: s.id, label: subLabel(s) }))}
            notFoundContent="还没有子账号"
            aria-label="子账号"
          />
        </Form.Item>
        <Form.Item name="interfaceName" label="接口名称">
          <Input allowClear placeholder="接口名称" maxLength={50} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: narrow ? '100%' : 110 }}
            options={ASSIGNMENT_STATUSES.map((s) => ({ value: s, label: ASSIGNMENT_STATUS_LABEL[s] }))}
            aria-label="状态"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block={narrow}>
          查 询
        </Button>
      </Form>
      <div className={styles.toolbar}>
        <Space wrap>
          {assignButton}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFile()} disabled={list.total === 0}>
            导出
          </Button>
        </Space>
        <Space wrap>
          <span className={panel.sub}>{chosen.length ? `已选 ${chosen.length} 条` : '勾选后可批量操作'}</span>
          <Button disabled={chosen.length === 0} onClick={() => batch('stop')} danger>
            批量停用
          </Button>
          <Button disabled={chosen.length === 0} onClick={() => batch('resume')}>
            批量启用
          </Button>
        </Space>
      </div>
      {narrow ? (
        <AssignmentCards
          rows={list.rows}
          loading={list.loading}
          chosen={chosen}
          onChoose={setSelected}
          empty={empty}
          actions={actions}
          pagination={list.pagination}
        />
      ) : (
        <ListTable<AssignmentRow>
          rowKey="id"
          columns={columns}
          list={list}
          scrollX={1056}
          empty={empty}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setSelected(keys.map(Number)) }}
          data-testid="assignments-table"
        />
      )}
      <AssignDialog open={assigning} preset={filters.subAccountId ? Number(filters.subAccountId) : undefined} onClose={() => setAssigning(false)} />
      <AdjustDialog row={adjusting} onClose={() => setAdjusting(null)} />
      <CallsDrawer row={details} onClose={() => setDetails(null)} />
    </>
  );
}

/** The rows as cards on a phone: every figure in view without sideways scrolling. */
function AssignmentCards({
  rows,
  loading,
  chosen,
  onChoose,
  empty,
  actions,
  pagination,
}: {
  rows: AssignmentRow[];
  loading: boolean;
  chosen: number[];
  onChoose: (ids: number[]) => void;
  empty: ReactNode;
  actions: (r: AssignmentRow) => ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (p: number) => void };
}) {
  if (loading) return <Spin className={styles.cardsLoading} />;
  if (rows.length === 0) return <>{empty}</>;
  const all = rows.every((r) => chosen.includes(r.id));
  const toggle = (id: number, on: boolean) => onChoose(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <div data-testid="assignments-cards">
      <Checkbox checked={all} indeterminate={!all && chosen.length > 0} onChange={(e) => onChoose(e.target.checked ? rows.map((r) => r.id) : [])}>
        全选本页
      </Checkbox>
      <ul className={styles.cards}>
        {rows.map((r) => (
          <li key={r.id} className={styles.card}>
            <div className={styles.cardHead}>
              <Checkbox
                checked={chosen.includes(r.id)}
                onChange={(e) => toggle(r.id, e.target.checked)}
                aria-label={`选择 ${r.loginName} 的 ${r.interfaceName}`}
              >
                <strong>{subLabel(r)}</strong>
              </Checkbox>
              <StatusTag row={r} />
            </div>
            <div className={styles.cardInterface}>
              <Link href={`/api/${r.interfaceId}`}>{r.interfaceName}</Link>
              <span className={`${styles.mono} ${panel.sub}`}>{r.keyMasked}</span>
            </div>
            <dl className={styles.figures}>
              <div>
                <dt>分配次数</dt>
                <dd>{limit(r.callsAllotted)}</dd>
              </div>
              <div>
                <dt>已用</dt>
                <dd>{count(r.callsUsed)}</dd>
              </div>
              <div>
                <dt>剩余</dt>
                <dd>
                  <strong className={r.callsLeft === 0 ? styles.spent : undefined}>{limit(r.callsLeft)}</strong>
                </dd>
              </div>
              <div>
                <dt>主账号剩余</dt>
                <dd>{count(r.purchaseCallsLeft)}</dd>
              </div>
            </dl>
            <div className={panel.sub}>
              最近调用 {dateTime(r.lastCallAt)} · {dateTime(r.expiresAt)} 到期
            </div>
            {actions(r)}
          </li>
        ))}
      </ul>
      <Pagination {...pagination} hideOnSinglePage showSizeChanger={false} size="small" className={styles.cardsPager} />
    </div>
  );
}
