'use client';
// The member list: search by login name, phone or company, filter by status, the security flag
// and main/sub account; phones are masked. A row opens the member's drawer.
import {
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
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import styles from './members.module.css';

interface Filters {
  keyword?: string;
  status?: MemberStatus;
  flagged?: 'true' | 'false';
  kind?: MemberKind;
}

const PAGE_SIZE = 20;

export function MemberList({ onOpen, version }: { onOpen: (id: number) => void; version: number }) {
  const { call } = useConsole();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: MemberRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the signal to read again after a change in the drawer
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<{ rows: MemberRow[]; total: number }>('members/list', {
        data: { ...filters, keyword: filters.keyword?.trim() || undefined, pageNum, pageSize: PAGE_SIZE },
      });
      setPage({ rows: res.rows, total: res.total });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '会员列表加载失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  }, [call, filters, pageNum, version]);

  useEffect(() => {
    void load();
  }, [load]);

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

  const filtered = Boolean(filters.keyword?.trim() || filters.status || filters.flagged || filters.kind);

  return (
    <div className={styles.stack}>
      <Card>
        <Form
          form={form}
          layout="inline"
          className={styles.filters}
          onFinish={(v) => {
            setPageNum(1);
            setFilters(v);
          }}
        >
          <Form.Item name="keyword" label="搜索">
            <Input allowClear placeholder="登录名、手机号或企业名称" maxLength={MEMBER_KEYWORD_MAX} className={styles.keyword} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" className={styles.select} options={MEMBER_STATUSES.map((s) => ({ value: s, label: MEMBER_STATUS_LABEL[s] }))} />
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
      <Card title={page ? `共 ${page.total.toLocaleString('zh-CN')} 个账号` : '会员'}>
        <Table<MemberRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 1000 } : undefined}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的账号，换个关键词或筛选条件试试' : '还没有注册的会员账号'} /> }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNum, hideOnSinglePage: true }}
        />
      </Card>
    </div>
  );
}
