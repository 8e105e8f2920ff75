'use client';
// The leads tab: filters (类型, 状态, 负责人, 关键词, 日期), the newest leads with masked phones,
// 导出 Excel of the same filters for the CRM, and a drawer to work one lead.
import { DownloadOutlined } from '@ant-design/icons';
import {
  LEAD_KEYWORD_MAX,
  LEAD_KIND_LABEL,
  LEAD_KINDS,
  LEAD_STATE_LABEL,
  LEAD_STATES,
  type LeadAssignee,
  type LeadKind,
  type LeadRow,
  type LeadState,
} from '@apimarket/contracts';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { LeadDrawer } from './LeadDrawer';
import { saveBlob } from '../../../../lib/download';
import { STATE_COLOR } from './lead-ui';
import styles from './leads.module.css';

interface Filters {
  kind?: LeadKind;
  state?: LeadState;
  assignee?: string;
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;

/** The filters as the list and the export take them. */
function query(f: Filters): Record<string, string | undefined> {
  return {
    kind: f.kind,
    state: f.state,
    assignee: f.assignee ?? 'any',
    keyword: f.keyword?.trim() || undefined,
    from: f.range?.[0].format('YYYY-MM-DD'),
    to: f.range?.[1].format('YYYY-MM-DD'),
  };
}

export function LeadInbox() {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({ assignee: 'any' });
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: LeadRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [assignees, setAssignees] = useState<LeadAssignee[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<{ rows: LeadRow[]; total: number }>('leads/list', { data: { ...query(filters), pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '线索加载失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  }, [call, filters, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    call<{ data: LeadAssignee[] }>('leads/assignees')
      .then((res) => setAssignees(res.data))
      .catch(() => setAssignees([]));
  }, [call]);

  const exportFile = async () => {
    setExporting(true);
    try {
      const blob = await call<Blob>('leads/export', { method: 'GET', data: query(filters) });
      saveBlob(blob, `销售线索-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<LeadRow> = [
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '类型', dataIndex: 'kindLabel', width: 140, render: (v: string) => <Tag>{v}</Tag> },
    {
      title: '联系人',
      key: 'who',
      width: 150,
      render: (_, r) => (
        <div>
          <div>{r.userName || <span className={shared.sub}>未留姓名</span>}</div>
          <div className={shared.sub}>{r.phone}</div>
        </div>
      ),
    },
    {
      title: '公司 / 关注接口',
      key: 'company',
      render: (_, r) => (
        <div>
          <div>{r.companyName || '—'}</div>
          {r.interfaceName ? <div className={shared.sub}>{r.interfaceName}</div> : null}
        </div>
      ),
    },
    { title: '来源页面', dataIndex: 'sourcePath', width: 160, render: (v: string) => <span className={styles.path}>{v || '—'}</span> },
    {
      title: '负责人',
      key: 'assignee',
      width: 120,
      render: (_, r) => (r.assigneeName ? r.assigneeName : <span className={shared.sub}>未分配</span>),
    },
    {
      title: '状态',
      key: 'state',
      width: 120,
      render: (_, r) => (
        <>
          <Tag color={STATE_COLOR[r.state]}>{r.stateLabel}</Tag>
          {r.repeats > 0 ? <div className={shared.sub}>重复提交 {r.repeats} 次</div> : null}
        </>
      ),
    },
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

  const filtered = Object.entries(query(filters)).some(([k, v]) => v !== undefined && !(k === 'assignee' && v === 'any'));

  return (
    <div className={styles.stack}>
      <Card>
        <Form
          form={form}
          layout="inline"
          className={styles.filters}
          initialValues={{ assignee: 'any' }}
          onFinish={(v) => {
            setPageNum(1);
            setFilters(v);
          }}
        >
          <Form.Item name="kind" label="类型">
            <Select allowClear placeholder="全部类型" className={styles.select} options={LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABEL[k] }))} />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select allowClear placeholder="全部状态" className={styles.select} options={LEAD_STATES.map((s) => ({ value: s, label: LEAD_STATE_LABEL[s] }))} />
          </Form.Item>
          <Form.Item name="assignee" label="负责人">
            <Select
              className={styles.select}
              options={[
                { value: 'any', label: '全部' },
                { value: 'mine', label: '我的' },
                { value: 'unassigned', label: '未分配' },
                ...assignees.map((o) => ({ value: String(o.id), label: o.username })),
              ]}
            />
          </Form.Item>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear placeholder="公司、姓名、接口或手机号" maxLength={LEAD_KEYWORD_MAX} className={styles.keyword} />
          </Form.Item>
          <Form.Item name="range" label="提交日期">
            <DatePicker.RangePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查 询
            </Button>
          </Form.Item>
          <Form.Item>
            <Button
              onClick={() => {
                form.resetFields();
                setPageNum(1);
                setFilters({ assignee: 'any' });
              }}
            >
              重 置
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card
        title={page ? `共 ${page.total.toLocaleString('zh-CN')} 条线索` : '线索'}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!page?.total} onClick={() => void exportFile()}>
            导出 Excel
          </Button>
        }
      >
        <Table<LeadRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 1100 } : undefined}
          onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id) })}
          locale={{
            emptyText: (
              <Empty
                description={
                  filtered ? '没有符合条件的线索，换个筛选条件试试' : '还没有销售线索。访客在网站上申请免费试用、咨询或索取报价后，线索会出现在这里'
                }
              />
            ),
          }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNum, hideOnSinglePage: true }}
        />
      </Card>
      <LeadDrawer id={openId} assignees={assignees} onClose={() => setOpenId(null)} onChanged={() => void load()} />
    </div>
  );
}
