'use client';
// 子账号管理 (accountManagement/list, accountConf, subCompanyName, changeState): the count
// against the limit, the filters (kept in the address), the sub-accounts as a table on a desk
// and as cards on a phone, and the dialogs that change them. Who may be here (a qualified main
// account) is the layout's gate; a refusal the server still makes is the one error toast.
import { SUB_MSG, SUB_STATUS_LABEL, SUB_STATUSES, type SubAccountRow, type SubAccountSaved, subAccountsApi } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Grid, Input, Pagination, Popconfirm, Select, Skeleton, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import Link from 'next/link';
import { type ReactNode, useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { BillingModeDialog } from './BillingModeDialog';
import { PasswordResult, ResetPasswordDialog } from './PasswordDialogs';
import { SubAccountDialog } from './SubAccountDialog';
import { atLimit, billingText, countText } from './sub-accounts';
import styles from './sub-accounts.module.css';

const FILTERS = { keyword: '', status: '', subCompanyName: '' };
const STATUS_OPTIONS = SUB_STATUSES.map((s) => ({ value: s, label: SUB_STATUS_LABEL[s] }));
const PRODUCT_HREF = '/userCenter/accountManage/product';

/** The dialog's row (null: a new one) stays while it closes, so its closing shows the same form. */
type Editing = { row: SubAccountRow | null; open: boolean };

export function SubAccounts() {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  // Until the width is known (the server's render) the table; a phone switches to cards.
  const narrow = screens.md === false;
  const conf = useCall(subAccountsApi.conf, undefined, { quiet: true }).data?.data;
  const departments = useCall(subAccountsApi.subCompanyNames, undefined, { quiet: true, silent: true }).data?.data ?? [];
  const list = usePagedList(subAccountsApi.list, { filters: FILTERS, inUrl: true, quiet: true });
  const [keyword, setKeyword] = useState(list.filters.keyword);
  const [editing, setEditing] = useState<Editing>({ row: null, open: false });
  const [resetting, setResetting] = useState<SubAccountRow | null>(null);
  const [billing, setBilling] = useState<SubAccountRow | null>(null);
  const [shown, setShown] = useState<{ saved: SubAccountSaved; reset: boolean } | null>(null);
  const stateChange = useCallMutation(subAccountsApi.changeState, {
    invalidates: [subAccountsApi.list],
    onSuccess: (res) => void message.success(res.msg),
  });

  const full = atLimit(conf);
  const inviteHours = conf?.inviteHours ?? 72;
  const filtered = Object.values(list.filters).some((v) => v !== undefined && v !== '');
  // The designed empty state: loaded, nothing filtered, nothing there.
  const none = !list.loading && !list.failed && !filtered && list.total === 0;

  const closeEditing = () => setEditing((e) => ({ ...e, open: false }));

  const saved = (result: SubAccountSaved, msg: string, reset: boolean) => {
    closeEditing();
    setResetting(null);
    if (result.initialPassword) setShown({ saved: result, reset });
    else message.success(msg);
  };

  const createButton = (
    <Tooltip title={full && conf ? SUB_MSG.limit(conf.maxSubAccounts) : undefined}>
      <Button type="primary" disabled={full} onClick={() => setEditing({ row: null, open: true })} data-testid="sub-create">
        新建子账号
      </Button>
    </Tooltip>
  );

  const actions = (r: SubAccountRow): ReactNode => (
    <Space size={0} wrap className={styles.actions}>
      <Button type="link" size="small" onClick={() => setEditing({ row: r, open: true })}>
        编辑
      </Button>
      {r.status === 'active' ? (
        <Popconfirm
          title={`停用子账号「${r.loginName}」？`}
          description="停用后其登录会话立即结束，分配给它的接口密钥停止调用；可随时启用。"
          okText="停 用"
          cancelText="取 消"
          okButtonProps={{ danger: true }}
          onConfirm={() => stateChange.mutateAsync({ id: r.id, action: 'disable' }).catch(() => list.refetch())}
        >
          <Button type="link" size="small" danger>
            停用
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={`启用子账号「${r.loginName}」？`}
          description="启用后可重新登录，未停用的接口分配恢复调用。"
          okText="启 用"
          cancelText="取 消"
          onConfirm={() => stateChange.mutateAsync({ id: r.id, action: 'enable' }).catch(() => list.refetch())}
        >
          <Button type="link" size="small">
            启用
          </Button>
        </Popconfirm>
      )}
      <Button type="link" size="small" onClick={() => setResetting(r)}>
        重置密码
      </Button>
      <Button type="link" size="small" onClick={() => setBilling(r)}>
        计费方式
      </Button>
      <Link href={`${PRODUCT_HREF}?subAccountId=${r.id}`} className={styles.action}>
        分配产品
      </Link>
    </Space>
  );

  const status = (r: SubAccountRow) => (
    <Space size={4} wrap>
      <Tag color={r.status === 'active' ? 'success' : 'default'}>{r.statusLabel}</Tag>
      {r.invitePending ? <Tag color="warning">待设置密码</Tag> : null}
    </Space>
  );

  const billingCell = (r: SubAccountRow) => {
    const b = billingText(r);
    return (
      <div>
        {b.mode}
        {b.left ? <div className={panel.sub}>{b.left}</div> : null}
      </div>
    );
  };

  const lastLogin = (r: SubAccountRow) => (r.lastLoginAt ? dateTime(r.lastLoginAt) : <span className={styles.muted}>从未登录</span>);

  const columns: TableColumnsType<SubAccountRow> = [
    { title: '用户名', key: 'loginName', render: (_, r) => <span className={styles.name}>{r.loginName}</span> },
    { title: '联系人', dataIndex: 'contacter', key: 'contacter' },
    { title: '手机号', dataIndex: 'mobile', key: 'mobile' },
    { title: '部门/子公司', key: 'sub', render: (_, r) => r.subCompanyName || <span className={styles.muted}>—</span> },
    { title: '计费方式', key: 'billing', render: (_, r) => billingCell(r) },
    {
      title: '已分配接口',
      key: 'assignments',
      render: (_, r) => (
        <Link href={`${PRODUCT_HREF}?subAccountId=${r.id}`} className={styles.link}>
          {r.assignments} 个
        </Link>
      ),
    },
    { title: '状态', key: 'status', render: (_, r) => status(r) },
    { title: '最近登录', key: 'lastLogin', render: (_, r) => lastLogin(r) },
    { title: '操作', key: 'actions', width: 220, render: (_, r) => actions(r) },
  ];

  const empty = (
    <EmptyState
      testId="sub-empty"
      title="还没有子账号"
      text="为风控、运营等团队或子公司各建一个子账号：各自用自己的用户名登录，只用分配给它的接口和密钥，调用和费用分开统计，账单仍由主账号统一结算。"
      action={createButton}
    />
  );

  const filters = (
    <div className={styles.filters}>
      <div className={styles.keyword}>
        <Input.Search
          allowClear
          placeholder="用户名、联系人或部门"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => list.setFilters({ keyword: v.trim() })}
          maxLength={50}
          aria-label="搜索子账号"
        />
      </div>
      <Select
        allowClear
        placeholder="全部状态"
        value={list.filters.status || undefined}
        options={STATUS_OPTIONS}
        onChange={(v?: string) => list.setFilters({ status: v ?? '' })}
        className={styles.filter}
        aria-label="状态"
      />
      <Select
        allowClear
        showSearch
        placeholder="全部部门/子公司"
        value={list.filters.subCompanyName || undefined}
        options={departments.map((d) => ({ value: d, label: d }))}
        onChange={(v?: string) => list.setFilters({ subCompanyName: v ?? '' })}
        className={styles.filter}
        aria-label="部门或子公司"
        notFoundContent="还没有部门或子公司"
      />
    </div>
  );

  const noMatch = <Empty description="没有符合条件的子账号" />;

  const cards = list.loading ? (
    <Skeleton active paragraph={{ rows: 4 }} />
  ) : list.failed ? (
    <Empty description="子账号暂时无法读取，请稍后刷新重试" />
  ) : list.rows.length === 0 ? (
    noMatch
  ) : (
    <>
      <ul className={styles.cards} data-testid="sub-cards">
        {list.rows.map((r) => (
          <li key={r.id} className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.name}>{r.loginName}</span>
              {status(r)}
            </div>
            <dl className={styles.facts}>
              <dt>联系人</dt>
              <dd>{r.contacter}</dd>
              <dt>手机号</dt>
              <dd>{r.mobile}</dd>
              <dt>部门/子公司</dt>
              <dd>{r.subCompanyName || '—'}</dd>
              <dt>计费方式</dt>
              <dd>{billingCell(r)}</dd>
              <dt>已分配接口</dt>
              <dd>{r.assignments} 个</dd>
              <dt>最近登录</dt>
              <dd>{lastLogin(r)}</dd>
            </dl>
            {actions(r)}
          </li>
        ))}
      </ul>
      {list.total > list.pagination.pageSize ? <Pagination className={styles.pager} simple {...list.pagination} /> : null}
    </>
  );

  return (
    <div className={panel.page}>
      <Card
        title="子账号管理"
        extra={
          <div className={styles.head}>
            {conf ? (
              <span className={styles.count} data-testid="sub-count" title="停用的子账号不占名额">
                {countText(conf)}
              </span>
            ) : null}
            {none ? null : createButton}
          </div>
        }
      >
        {none ? (
          empty
        ) : (
          <>
            {/* Said on the page too: a phone shows no tooltip on the disabled button. */}
            {full && conf ? <Alert type="warning" showIcon className={panel.notice} title={SUB_MSG.limit(conf.maxSubAccounts)} /> : null}
            {filters}
            {narrow ? (
              cards
            ) : (
              <ListTable<SubAccountRow>
                rowKey="id"
                columns={columns}
                list={list}
                failedText="子账号暂时无法读取，请稍后刷新重试"
                scrollX={1100}
                empty={noMatch}
              />
            )}
          </>
        )}
      </Card>

      <SubAccountDialog
        key={editing.row ? `edit-${editing.row.id}` : 'new'}
        open={editing.open}
        editing={editing.row}
        departments={departments}
        inviteHours={inviteHours}
        onClose={closeEditing}
        onSaved={(result, msg) => saved(result, msg, false)}
      />
      <ResetPasswordDialog target={resetting} inviteHours={inviteHours} onClose={() => setResetting(null)} onDone={(result, msg) => saved(result, msg, true)} />
      <BillingModeDialog key={billing?.id ?? 'none'} target={billing} onClose={() => setBilling(null)} />
      <PasswordResult result={shown?.saved ?? null} reset={shown?.reset ?? false} onClose={() => setShown(null)} />
    </div>
  );
}
