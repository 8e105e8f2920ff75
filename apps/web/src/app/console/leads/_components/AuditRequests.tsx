'use client';
// 合规审计申请: requests from /dataApi/audit, worked by sales like leads — a list with masked
// phones, a drawer with the full number (audited) and the request, and its state.
import {
  AUDIT_REQUEST_STATE_LABEL,
  AUDIT_REQUEST_STATES,
  type AuditRequestRow,
  type AuditRequestState,
  LEAD_KEYWORD_MAX,
} from '@apimarket/contracts';
import { Alert, App, Button, Card, DatePicker, Descriptions, Drawer, Empty, Form, Grid, Input, Select, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { AUDIT_STATE_COLOR } from './lead-ui';
import styles from './leads.module.css';

interface Filters {
  state?: AuditRequestState;
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;

export function AuditRequests() {
  const { call } = useConsole();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: AuditRequestRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [detail, setDetail] = useState<AuditRequestRow | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<{ rows: AuditRequestRow[]; total: number }>('auditRequests/list', {
        data: {
          state: filters.state,
          keyword: filters.keyword?.trim() || undefined,
          from: filters.range?.[0].format('YYYY-MM-DD'),
          to: filters.range?.[1].format('YYYY-MM-DD'),
          pageNum,
          pageSize: PAGE_SIZE,
        },
      });
      setPage({ rows: res.rows, total: res.total });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '合规审计申请加载失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  }, [call, filters, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = useCallback(
    async (id: number) => {
      try {
        const res = await call<{ data: AuditRequestRow }>('auditRequests/detail', { data: { id } });
        setDetail(res.data);
        setDetailError(null);
      } catch (err) {
        setDetailError(serverMessage(err) ?? '申请详情加载失败，请稍后再试');
      }
    },
    [call],
  );

  useEffect(() => {
    setDetail(null);
    setDetailError(null);
    if (openId !== null) void open(openId);
  }, [openId, open]);

  const setState = async (state: AuditRequestState) => {
    if (openId === null) return;
    setBusy(true);
    try {
      const res = await call<{ msg: string; data: { changed: boolean } }>('auditRequests/state', { data: { id: openId, state } });
      if (res.data.changed) void message.success(res.msg);
      else void message.info(res.msg);
      setDetail((d) => (d ? { ...d, state, stateLabel: AUDIT_REQUEST_STATE_LABEL[state] } : d));
      await load();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<AuditRequestRow> = [
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '公司', dataIndex: 'companyName', width: 200 },
    {
      title: '联系人',
      key: 'who',
      width: 140,
      render: (_, r) => (
        <div>
          <div>{r.contactName}</div>
          <div className={shared.sub}>{r.phone}</div>
        </div>
      ),
    },
    { title: '行业', dataIndex: 'industry', width: 100 },
    { title: '审计需求', dataIndex: 'content', ellipsis: true, render: (v: string) => v || <span className={shared.sub}>未填写</span> },
    { title: '状态', key: 'state', width: 100, render: (_, r) => <Tag color={AUDIT_STATE_COLOR[r.state]}>{r.stateLabel}</Tag> },
    {
      title: '操作',
      key: 'open',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          详 情
        </Button>
      ),
    },
  ];

  const filtered = Boolean(filters.state || filters.keyword?.trim() || filters.range);

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
          <Form.Item name="state" label="状态">
            <Select allowClear placeholder="全部状态" className={styles.select} options={AUDIT_REQUEST_STATES.map((s) => ({ value: s, label: AUDIT_REQUEST_STATE_LABEL[s] }))} />
          </Form.Item>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear placeholder="公司、联系人、行业或手机号" maxLength={LEAD_KEYWORD_MAX} className={styles.keyword} />
          </Form.Item>
          <Form.Item name="range" label="提交日期">
            <DatePicker.RangePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查 询
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card title={page ? `共 ${page.total.toLocaleString('zh-CN')} 条申请` : '合规审计申请'}>
        <Table<AuditRequestRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 900 } : undefined}
          locale={{
            emptyText: <Empty description={filtered ? '没有符合条件的申请，换个筛选条件试试' : '还没有合规审计申请。企业在「数据合规审计」页提交申请后，会出现在这里'} />,
          }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNum, hideOnSinglePage: true }}
        />
      </Card>
      <Drawer open={openId !== null} onClose={() => setOpenId(null)} size={screens.sm === false ? '100%' : 520} title={detail?.companyName ?? '合规审计申请'} destroyOnHidden>
        {detailError ? <Alert type="error" showIcon title={detailError} /> : null}
        {!detail && !detailError ? <Skeleton active /> : null}
        {detail ? (
          <div className={styles.stack}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'company', label: '公司', children: detail.companyName },
                { key: 'contact', label: '联系人', children: detail.contactName },
                {
                  key: 'phone',
                  label: '手机号',
                  children: (
                    <Typography.Text copyable={{ text: detail.phone, tooltips: ['复制', '已复制'] }}>
                      <a href={`tel:${detail.phone}`}>{detail.phone}</a>
                    </Typography.Text>
                  ),
                },
                { key: 'industry', label: '行业', children: detail.industry },
                { key: 'at', label: '提交时间', children: dateTime(detail.createdAt) },
                { key: 'content', label: '审计需求', children: <div className={styles.note}>{detail.content || '未填写'}</div> },
              ]}
            />
            <div className={styles.control}>
              <span className={shared.sub}>跟进状态</span>
              <Select<AuditRequestState>
                className={styles.select}
                value={detail.state}
                disabled={busy}
                onChange={(v) => void setState(v)}
                options={AUDIT_REQUEST_STATES.map((s) => ({ value: s, label: <Tag color={AUDIT_STATE_COLOR[s]}>{AUDIT_REQUEST_STATE_LABEL[s]}</Tag> }))}
              />
            </div>
          </div>
        ) : null}
      </Drawer>
    </div>
  );
}
