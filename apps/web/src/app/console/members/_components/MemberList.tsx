'use client';
// The member list: search by login name, phone or company, filter by status, the security flag
// and main/sub account; phones are masked. A row opens the member's drawer.
import {
  consoleMembersApi,
  MEMBER_KEYWORD_MAX,
  MEMBER_KIND_LABEL,
  MEMBER_KINDS,
  MEMBER_STATUS_LABEL,
  MEMBER_STATUSES,
  type MemberKind,
  type MemberRow,
  type MemberStatus,
  QUALIFICATION_LABEL,
} from '@apimarket/contracts';
import { Alert, Button, Card, Empty, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import styles from './members.module.css';

interface Filters {
  keyword?: string;
  status?: MemberStatus;
  flagged?: 'true' | 'false';
  kind?: MemberKind;
}

const PAGE_SIZE = 20;
const NO_FILTERS = { keyword: '', status: '', flagged: '', kind: '' };

export function MemberList({ onOpen }: { onOpen: (id: number) => void }) {
  const [form] = Form.useForm<Filters>();
  // A change in the drawer reads the list again (the drawer's calls name it).
  const list = usePagedList(consoleMembersApi.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: NO_FILTERS });
  const error = list.error ? (serverMessage(list.error) ?? '会员列表加载失败，请稍后再试') : null;
  const { filters } = list;

  const columns: TableColumnsType<MemberRow> = [
    {
      title: '账号',
      key: 'login',
      render: (_, r) => (
        <div>
          <Button type="link" size="small" className={styles.nameLink} onClick={() => onOpen(r.id)}>
            {r.loginName}
          </Button>
          <div className={shared.sub}>
            {r.mobile || '未绑定手机'}
            {r.contacter ? ` · ${r.contacter}` : ''}
          </div>
        </div>
      ),
    },
    {
      title: '类型',
      key: 'kind',
      width: 140,
      render: (_, r) => (
        <div>
          <Tag>{MEMBER_KIND_LABEL[r.kind]}</Tag>
          {r.parentLoginName ? <div className={shared.sub}>属于 {r.parentLoginName}</div> : null}
        </div>
      ),
    },
    {
      title: '企业认证',
      key: 'company',
      render: (_, r) => (
        <div>
          <div>{r.companyName || '—'}</div>
          <div className={shared.sub}>{QUALIFICATION_LABEL[r.qualificationStatus]}</div>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <div className={styles.tags}>
          <Tag color={r.status === 'active' ? 'success' : 'error'}>{MEMBER_STATUS_LABEL[r.status]}</Tag>
          {r.securityFlagged ? <Tag color="warning">安全验证</Tag> : null}
          {r.closureMarkedAt ? <Tag color="default">待注销</Tag> : null}
        </div>
      ),
    },
    { title: '注册时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 170, render: (v: string | null) => (v ? dateTime(v) : <span className={shared.sub}>从未登录</span>) },
    {
      title: '操作',
      key: 'open',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r.id)}>
          管 理
        </Button>
      ),
    },
  ];

  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className={styles.stack}>
      <Card>
        <Form
          form={form}
          layout="inline"
          className={styles.filters}
          initialValues={{
            keyword: filters.keyword || undefined,
            status: MEMBER_STATUSES.find((v) => v === filters.status),
            flagged: filters.flagged === 'true' || filters.flagged === 'false' ? filters.flagged : undefined,
            kind: MEMBER_KINDS.find((v) => v === filters.kind),
          }}
          onFinish={(v) => list.setFilters({ keyword: v.keyword?.trim() ?? '', status: v.status ?? '', flagged: v.flagged ?? '', kind: v.kind ?? '' })}
        >
          <Form.Item name="keyword" label="搜索">
            <Input allowClear placeholder="登录名、手机号或企业名称" maxLength={MEMBER_KEYWORD_MAX} className={styles.keyword} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              className={styles.select}
              options={MEMBER_STATUSES.map((s) => ({ value: s, label: MEMBER_STATUS_LABEL[s] }))}
            />
          </Form.Item>
          <Form.Item name="flagged" label="安全验证">
            <Select
              allowClear
              placeholder="全部"
              className={styles.select}
              options={[
                { value: 'true', label: '已标记' },
                { value: 'false', label: '未标记' },
              ]}
            />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Select allowClear placeholder="全部" className={styles.select} options={MEMBER_KINDS.map((k) => ({ value: k, label: MEMBER_KIND_LABEL[k] }))} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查 询
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card title={list.reply ? `共 ${list.total.toLocaleString('zh-CN')} 个账号` : '会员'}>
        <Table<MemberRow>
          rowKey="id"
          loading={list.fetching}
          columns={columns}
          dataSource={list.rows}
          scroll={list.rows.length ? { x: 1000 } : undefined}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的账号，换个关键词或筛选条件试试' : '还没有注册的会员账号'} /> }}
          pagination={list.pagination}
        />
      </Card>
    </div>
  );
}
