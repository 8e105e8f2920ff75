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
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { FilterCard, ListCard, SelectFilter, openColumn, TwoLines, timeColumn } from '@/components/console/ConsoleList';
import list from '@/components/console/list.module.css';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { AccountCell, lastLoginColumn } from './cells';
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
  const members = usePagedList(consoleMembersApi.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: NO_FILTERS });
  const error = members.error ? (serverMessage(members.error) ?? '会员列表加载失败，请稍后再试') : null;
  const { filters } = members;

  const columns: TableColumnsType<MemberRow> = [
    {
      title: '账号',
      key: 'login',
      render: (_, r) => (
        <AccountCell row={r} onOpen={onOpen}>
          {r.mobile || '未绑定手机'}
          {r.contacter ? ` · ${r.contacter}` : ''}
        </AccountCell>
      ),
    },
    {
      title: '类型',
      key: 'kind',
      width: 140,
      render: (_, r) => (
        <TwoLines sub={r.parentLoginName ? `属于 ${r.parentLoginName}` : null}>
          <Tag>{MEMBER_KIND_LABEL[r.kind]}</Tag>
        </TwoLines>
      ),
    },
    { title: '企业认证', key: 'company', render: (_, r) => <TwoLines sub={QUALIFICATION_LABEL[r.qualificationStatus]}>{r.companyName || '—'}</TwoLines> },
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
    timeColumn('注册时间', 'createdAt'),
    lastLoginColumn(),
    openColumn('管 理', onOpen),
  ];

  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className={list.stack}>
      <FilterCard
        form={form}
        initialValues={{
          keyword: filters.keyword || undefined,
          status: MEMBER_STATUSES.find((v) => v === filters.status),
          flagged: filters.flagged === 'true' || filters.flagged === 'false' ? filters.flagged : undefined,
          kind: MEMBER_KINDS.find((v) => v === filters.kind),
        }}
        onFinish={(v) => members.setFilters({ keyword: v.keyword?.trim() ?? '', status: v.status ?? '', flagged: v.flagged ?? '', kind: v.kind ?? '' })}
      >
        <Form.Item name="keyword" label="搜索">
          <Input allowClear placeholder="登录名、手机号或企业名称" maxLength={MEMBER_KEYWORD_MAX} className={list.keyword} />
        </Form.Item>
        <SelectFilter name="status" label="状态" placeholder="全部" options={MEMBER_STATUSES.map((s) => ({ value: s, label: MEMBER_STATUS_LABEL[s] }))} />
        <SelectFilter
          name="flagged"
          label="安全验证"
          placeholder="全部"
          options={[
            { value: 'true', label: '已标记' },
            { value: 'false', label: '未标记' },
          ]}
        />
        <SelectFilter name="kind" label="类型" placeholder="全部" options={MEMBER_KINDS.map((k) => ({ value: k, label: MEMBER_KIND_LABEL[k] }))} />
      </FilterCard>
      <ListCard<MemberRow>
        list={members}
        error={error}
        title={members.reply ? `共 ${members.total.toLocaleString('zh-CN')} 个账号` : '会员'}
        columns={columns}
        scrollX={1000}
        empty={filtered ? '没有符合条件的账号，换个关键词或筛选条件试试' : '还没有注册的会员账号'}
      />
    </div>
  );
}
