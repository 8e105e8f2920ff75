'use client';
// 操作日志: the console's audit trail, newest first, filtered by operator, action, target and
// China days; a row opens to its before and after; 导出 Excel hands the same filters to the auditors.
import { auditActionLabel, type ConsoleAuditRow, consoleAuditApi } from '@apimarket/contracts';
import { DatePicker, Form, Input, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FilterCard, ListCard, PageHead, timeColumn } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { ExportButton } from '@/components/console/ExportButton';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import styles from './audit.module.css';

/** The form's fields: the list's filters, with the two days as one range. */
interface Fields {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

/** The filters in the address (a bookmarked view), dates as China days; '' is none. */
const NO_FILTERS = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** The form's values as the list and the export take them. */
function filtersOf({ range, ...rest }: Fields): typeof NO_FILTERS {
  const text = (v?: string) => v?.trim() ?? '';
  return {
    actor: text(rest.actor),
    action: text(rest.action),
    targetType: text(rest.targetType),
    targetId: text(rest.targetId),
    from: range?.[0].format(DAY) ?? '',
    to: range?.[1].format(DAY) ?? '',
  };
}

/** The form's starting values: the filters of the address. */
function fieldsOf(f: typeof NO_FILTERS): Fields {
  const range: [Dayjs, Dayjs] | null = f.from && f.to && dayjs(f.from).isValid() && dayjs(f.to).isValid() ? [dayjs(f.from), dayjs(f.to)] : null;
  return { actor: f.actor || undefined, action: f.action || undefined, targetType: f.targetType || undefined, targetId: f.targetId || undefined, range };
}

/** Only the filters that are set: the export takes the same ones as the list. */
const setOnly = (f: typeof NO_FILTERS) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={shared.sub}>—</span>;
  return <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>;
}

export function AuditLog() {
  const log = usePagedList(consoleAuditApi.list, { inUrl: true, pageSize: PAGE_SIZE, filters: NO_FILTERS, quiet: true });
  const [form] = Form.useForm<Fields>();
  const error = log.failed ? (serverMessage(log.error) ?? '操作日志加载失败，请稍后再试') : null;
  const loaded = !log.loading && !log.failed;

  const columns: TableColumnsType<ConsoleAuditRow> = [
    timeColumn('时间', 'createdAt'),
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
      <PageHead title="操作日志" />
      <FilterCard form={form} initialValues={fieldsOf(log.filters)} onFinish={(v) => log.setFilters(filtersOf(v))}>
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
      </FilterCard>
      <ListCard<ConsoleAuditRow>
        list={log}
        error={error}
        title={loaded ? `共 ${log.total.toLocaleString('zh-CN')} 条记录` : '操作记录'}
        extra={<ExportButton call={consoleAuditApi.export} input={setOnly(log.filters)} name="操作日志" disabled={!loaded || !log.total} />}
        columns={columns}
        scrollX={800}
        empty="没有符合条件的操作记录"
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
        pagination={{ hideOnSinglePage: false, showTotal: (n) => `共 ${n} 条` }}
      />
    </>
  );
}
