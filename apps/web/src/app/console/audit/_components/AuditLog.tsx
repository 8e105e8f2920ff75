'use client';
// 操作日志: the console's audit trail, newest first, filtered by operator, action, target and
// China days; a row opens to its before and after; 导出 Excel hands the same filters to the auditors.
import { DownloadOutlined } from '@ant-design/icons';
import { auditActionLabel } from '@apimarket/contracts';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Input, Table, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { saveBlob } from '../../../../lib/download';
import styles from './audit.module.css';

interface AuditRow {
  id: number;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
  createdAt: string;
}

interface Filters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;

/** The filters as the list and the export take them (dates as China days). */
function query({ range, ...rest }: Filters): Record<string, string | undefined> {
  return { ...rest, from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD') };
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={shared.sub}>—</span>;
  return <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>;
}

export function AuditLog() {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: AuditRow[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<{ rows: AuditRow[]; total: number }>('audit/list', { data: { ...query(filters), pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '操作日志加载失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  }, [call, filters, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const exportFile = async () => {
    setExporting(true);
    try {
      const blob = await call<Blob>('audit/export', { method: 'GET', data: query(filters) });
      saveBlob(blob, `操作日志-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AuditRow> = [
    { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '操作人', dataIndex: 'actor', width: 140, render: (v: string) => (v === 'cli' ? <Tag>命令行</Tag> : v) },
    {
      title: '操作',
      dataIndex: 'action',
      width: 220,
      render: (v: string) => (
        <div>
          {auditActionLabel(v) ?? v}
          <div>
            <code className={shared.sub}>{v}</code>
          </div>
        </div>
      ),
    },
    { title: '对象', key: 'target', render: (_, r) => `${r.targetType} #${r.targetId}` },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '—' },
  ];

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>操作日志</h1>
      </div>
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
          <Form.Item name="actor" label="操作人">
            <Input allowClear placeholder="运营账号或 cli" maxLength={32} />
          </Form.Item>
          <Form.Item name="action" label="操作">
            <Input allowClear placeholder="如 recharge 或 recharge.confirm" maxLength={64} />
          </Form.Item>
          <Form.Item name="targetType" label="对象类型">
            <Input allowClear placeholder="如 recharge、member" maxLength={32} />
          </Form.Item>
          <Form.Item name="targetId" label="对象编号">
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="range" label="日期">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查 询
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card
        title={page ? `共 ${page.total.toLocaleString('zh-CN')} 条记录` : '操作记录'}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!page?.total} onClick={() => void exportFile()}>
            导出 Excel
          </Button>
        }
      >
        <Table
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows.length ? { x: 800 } : undefined}
          locale={{ emptyText: <Empty description="没有符合条件的操作记录" /> }}
          expandable={{
            expandedRowRender: (r) => (
              <div className={styles.change}>
                <div>
                  <div className={shared.sub}>操作前</div>
                  <Json value={r.before} />
                </div>
                <div>
                  <div className={shared.sub}>操作后</div>
                  <Json value={r.after} />
                </div>
              </div>
            ),
          }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNum, showTotal: (n) => `共 ${n} 条` }}
        />
      </Card>
    </>
  );
}
