'use client';
// 企业认证审核: applications by status (待审核 first) with their counts, a keyword search over
// company, login name and credit code, and the detail drawer where an operator decides.
import {
  QUALIFICATION_QUEUE,
  QUALIFICATION_QUEUE_LABEL,
  type QualificationQueueRow,
  type QualificationQueueStatus,
  type QueuePage,
  REVIEW_KEYWORD_MAX,
} from '@apimarket/contracts';
import { Alert, Button, Card, Empty, Input, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { QualificationDrawer } from './QualificationDrawer';
import styles from './qualifications.module.css';
import { STATUS_COLOR } from './status';

type Filter = QualificationQueueStatus | 'all';
type Page = QueuePage<QualificationQueueRow, QualificationQueueStatus>;

const PAGE_SIZE = 20;
const FILTERS: Filter[] = [...QUALIFICATION_QUEUE, 'all'];
const FILTER_LABEL: Record<Filter, string> = { ...QUALIFICATION_QUEUE_LABEL, all: '全部' };

export function QualificationQueue() {
  const { call } = useConsole();
  const [status, setStatus] = useState<Filter>('pending');
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<Page>('qualifications/list', { data: { status, keyword, pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total, counts: res.counts });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '企业认证列表加载失败，请稍后刷新重试');
    } finally {
      setLoading(false);
    }
  }, [call, status, keyword, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  /** A decision made in the drawer: the row changes in place and the tab counts follow. */
  const decided = (row: QualificationQueueRow, before: QualificationQueueStatus) => {
    setPage((p) => {
      if (!p) return p;
      const counts = { ...p.counts };
      if (before !== row.status) {
        counts[before] -= 1;
        counts[row.status] += 1;
      }
      return { ...p, counts, rows: p.rows.map((r) => (r.id === row.id ? row : r)) };
    });
  };

  const columns: TableColumnsType<QualificationQueueRow> = [
    { title: '公司名称', dataIndex: 'companyName', render: (v: string, r) => <Typography.Link onClick={() => setOpenId(r.id)}>{v}</Typography.Link> },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
    { title: '法定代表人', dataIndex: 'legalPerson', width: 110 },
    { title: '登录账号', dataIndex: 'loginName', width: 140 },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid="qualification-status">
          {r.statusLabel}
        </Tag>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.status === 'pending' ? '审 核' : '查 看'}
        </Button>
      ),
    },
  ];

  const emptyText = keyword
    ? `没有找到与「${keyword}」相关的企业认证，换个关键词试试`
    : status === 'pending'
      ? '暂无待审核的企业认证，客户提交后会出现在这里'
      : `暂无${FILTER_LABEL[status]}的企业认证`;

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>企业认证审核</h1>
        <span className={shared.sub}>核对营业执照与填写信息一致后通过；驳回须写明原因，客户会收到站内信</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card>
        <div className={styles.toolbar}>
          <Tabs
            className={styles.tabs}
            activeKey={status}
            onChange={(key) => {
              setStatus(FILTERS.find((f) => f === key) ?? 'pending');
              setPageNum(1);
            }}
            items={FILTERS.map((f) => ({ key: f, label: page ? `${FILTER_LABEL[f]}（${page.counts[f]}）` : FILTER_LABEL[f] }))}
          />
          <Input.Search
            className={styles.search}
            allowClear
            maxLength={REVIEW_KEYWORD_MAX}
            placeholder="公司名称 / 登录账号 / 信用代码"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
          />
        </div>
        <Table<QualificationQueueRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 900 } : undefined}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
        />
      </Card>
      <QualificationDrawer id={openId} onClose={() => setOpenId(null)} onDecided={decided} />
    </>
  );
}
