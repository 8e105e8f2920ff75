'use client';
// 供应商报表: over a range of China days (the last 7 by default, in the address), per supplier and
// interface: attempts and how they ended, latency of the answers, what the supplier charged, what
// customers paid and the margin between; the daily totals drawn; the breakers' changes listed.
// The supplier filter's choices come from the report itself, so finance — who may read the report
// but not the supplier list — filters alike.
import {
  chinaDay,
  consoleSuppliersApi,
  firstMessage,
  SUPPLIER_LIMITS,
  type SupplierEventRow,
  type SupplierReportDay,
  SupplierReportInput,
  type SupplierReportRow,
} from '@apimarket/contracts';
import { Alert, Card, DatePicker, Empty, Select, Statistic, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import dynamic from 'next/dynamic';
import { useAddressParams } from '@/lib/address';
import { PageHead } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { perCall, percent, yuanExact, yuanTotal } from './money';
import styles from './report.module.css';

const chartSlot = () => <div className={styles.chartSlot}>图表加载中…</div>;
const DailyChart = dynamic(() => import('./DailyChart').then((m) => m.DailyChart), { ssr: false, loading: chartSlot });

const DAY = 'YYYY-MM-DD';
const DAY_MS = 86_400_000;
const MAX_DAYS = SUPPLIER_LIMITS.reportDaysMax;

/** Every day of the range, those without calls at zero, so the chart's axis is the range. */
function everyDay(from: string, to: string, days: SupplierReportDay[]): SupplierReportDay[] {
  const out: SupplierReportDay[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = start; t <= end && out.length < MAX_DAYS; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(days.find((d) => d.day === day) ?? { day, tried: 0, answered: 0, costMfen: 0, revenueMfen: 0, marginMfen: 0 });
  }
  return out;
}

const money = (mfen: number) => <span className={mfen < 0 ? styles.negative : undefined}>{yuanExact(mfen)}</span>;
const ms = (v: number | null) => (v === null ? <span className={shared.sub}>—</span> : v.toLocaleString('zh-CN'));

const COLUMNS: TableColumnsType<SupplierReportRow> = [
  { title: '供应商', dataIndex: 'supplierName', width: 110 },
  {
    title: '接口',
    key: 'interface',
    width: 150,
    render: (_, r) => (
      <div className={styles.cellLines}>
        <span>{r.interfaceName}</span>
        <span className={shared.sub}>编号 {r.interfaceId}</span>
      </div>
    ),
  },
  { title: '调用', dataIndex: 'tried', width: 60, align: 'right', render: (v: number) => <span data-testid="report-tried">{v.toLocaleString('zh-CN')}</span> },
  { title: '成功', dataIndex: 'answered', width: 60, align: 'right', render: (v: number) => v.toLocaleString('zh-CN') },
  { title: '超时', dataIndex: 'timeouts', width: 60, align: 'right', render: (v: number) => v.toLocaleString('zh-CN') },
  { title: '失败', dataIndex: 'refused', width: 60, align: 'right', render: (v: number) => v.toLocaleString('zh-CN') },
  { title: '成功率', dataIndex: 'successRate', width: 76, align: 'right', render: (v: number | null) => percent(v) },
  { title: 'P50 ms', dataIndex: 'p50', width: 68, align: 'right', render: ms },
  { title: 'P95 ms', dataIndex: 'p95', width: 68, align: 'right', render: ms },
  { title: 'P99 ms', dataIndex: 'p99', width: 68, align: 'right', render: ms },
  {
    title: '成本 元',
    key: 'cost',
    width: 100,
    align: 'right',
    render: (_, r) => (
      <div className={styles.cellLines}>
        <span data-testid="report-cost">{yuanExact(r.costMfen)}</span>
        {r.tried > 0 ? <span className={shared.sub}>单次 {perCall(r.costMfen, r.tried)}</span> : null}
      </div>
    ),
  },
  {
    title: '收入 元',
    key: 'revenue',
    width: 100,
    align: 'right',
    render: (_, r) => (
      <div className={styles.cellLines}>
        <span>{yuanExact(r.revenueMfen)}</span>
        {r.answered > 0 ? <span className={shared.sub}>单次 {perCall(r.revenueMfen, r.answered)}</span> : null}
      </div>
    ),
  },
  { title: '毛利 元', dataIndex: 'marginMfen', width: 96, align: 'right', render: money },
];

const EVENT_COLUMNS: TableColumnsType<SupplierEventRow> = [
  { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => dateTime(v) },
  { title: '供应商', dataIndex: 'supplierName', width: 130 },
  {
    title: '变化',
    dataIndex: 'state',
    width: 90,
    render: (v: string) =>
      v === 'open' ? <Tag color="error">已熔断</Tag> : v === 'closed' ? <Tag color="success">已恢复</Tag> : <Tag color="warning">探测中</Tag>,
  },
  { title: '原因', dataIndex: 'reason', width: 280, render: (v: string) => v || <span className={shared.sub}>—</span> },
];

export function SupplierReport() {
  const { params, show } = useAddressParams();
  const today = chinaDay();
  const weekAgo = chinaDay(new Date(Date.now() - 6 * DAY_MS));
  const from = params.get('from') ?? weekAgo;
  const to = params.get('to') ?? today;
  const supplierId = params.get('supplierId') ?? '';

  // The address may hold anything: the range is checked by the contracts' rule before it is sent.
  const checked = SupplierReportInput.safeParse({ from, to, supplierId });
  const invalid = checked.success ? null : firstMessage(checked.error);
  const all = useCall(consoleSuppliersApi.report, { from, to }, { enabled: !invalid, quiet: true });
  const filtered = useCall(consoleSuppliersApi.report, { from, to, supplierId }, { enabled: !invalid && supplierId !== '', quiet: true });
  const query = supplierId ? filtered : all;
  const report = query.data?.data ?? null;
  const error = invalid ?? (query.isError ? (serverMessage(query.error) ?? '报表加载失败，请稍后再试') : null);

  const options = new Map<number, string>();
  for (const r of [...(all.data?.data.rows ?? []), ...(report?.rows ?? [])]) options.set(r.supplierId, r.supplierName);
  for (const e of report?.events ?? []) if (!options.has(e.supplierId)) options.set(e.supplierId, e.supplierName);
  if (supplierId && !options.has(Number(supplierId))) options.set(Number(supplierId), `供应商 ${supplierId}`);

  const rows = report?.rows ?? [];
  const sum = (pick: (r: SupplierReportRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const tried = sum((r) => r.tried);
  const answered = sum((r) => r.answered);
  const cost = sum((r) => r.costMfen);
  const revenue = sum((r) => r.revenueMfen);
  const margin = revenue - cost;
  const loading = query.isFetching && !report;

  const figures = [
    { key: 'tried', title: '调用次数', value: tried.toLocaleString('zh-CN'), tip: '发往供应商的调用，含超时与失败' },
    { key: 'rate', title: '成功率', value: percent(tried > 0 ? answered / tried : null), tip: `成功 ${answered.toLocaleString('zh-CN')} 次` },
    { key: 'cost', title: '成本（元）', value: yuanTotal(cost), tip: `精确值 ${yuanExact(cost)} 元` },
    { key: 'revenue', title: '收入（元）', value: yuanTotal(revenue), tip: `精确值 ${yuanExact(revenue)} 元；客户为供应商应答的调用支付的金额` },
    { key: 'margin', title: '毛利（元）', value: yuanTotal(margin), tip: `精确值 ${yuanExact(margin)} 元`, negative: margin < 0 },
  ];

  return (
    <>
      <PageHead title="供应商报表">
        <div className={styles.bar}>
          <DatePicker.RangePicker
            value={checked.success ? [dayjs(from), dayjs(to)] : [dayjs(weekAgo), dayjs(today)]}
            allowClear={false}
            aria-label="统计区间"
            disabledDate={(d, info) => {
              const day = d.format(DAY);
              if (day > today) return true;
              const start = info.from;
              return start ? Math.abs(d.diff(start, 'day')) > MAX_DAYS - 1 : false;
            }}
            onChange={(v) => {
              if (v?.[0] && v[1]) show({ from: v[0].format(DAY), to: v[1].format(DAY) });
            }}
          />
          <Select<number>
            allowClear
            placeholder="全部供应商"
            aria-label="供应商"
            value={supplierId ? Number(supplierId) : undefined}
            options={[...options].map(([value, label]) => ({ value, label }))}
            onChange={(v) => show({ supplierId: v ? String(v) : '' })}
            className={styles.supplier}
            notFoundContent="所选期间没有供应商调用"
          />
        </div>
      </PageHead>
      <span className={shared.sub}>
        按北京时间自然日统计，单次最多 {MAX_DAYS} 天。成本为供应商按线路单价收取的费用，收入为客户为这些调用支付的金额，毛利 = 收入 − 成本。
      </span>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <div className={styles.figures}>
        {figures.map((f) => (
          <Card key={f.key} loading={loading} size="small">
            <Tooltip title={f.tip}>
              <Statistic
                title={f.title}
                value={f.value}
                styles={f.negative ? { content: { color: 'var(--color-error, #f53f3f)' } } : undefined}
                data-testid={`report-figure-${f.key}`}
              />
            </Tooltip>
          </Card>
        ))}
      </div>
      {report && rows.length === 0 ? (
        <Card>
          <Empty description={`${from} 至 ${to} 没有供应商调用记录。接口配置了供应商线路后，经网关的调用会计入这里；没有线路的接口由沙箱应答，不计入。`} />
        </Card>
      ) : (
        <>
          <Card title="每日成本、收入与毛利" loading={loading}>
            {report ? <DailyChart days={everyDay(from, to, report.days)} /> : <div className={styles.chartSlot} />}
          </Card>
          <Card title="供应商与接口">
            <Table<SupplierReportRow>
              rowKey={(r) => `${r.supplierId}-${r.interfaceId}`}
              data-testid="report-table"
              size="small"
              loading={query.isFetching}
              dataSource={rows}
              columns={COLUMNS}
              scroll={{ x: 1076 }}
              pagination={false}
            />
          </Card>
        </>
      )}
      <Card title="熔断记录">
        <Table<SupplierEventRow>
          rowKey={(e) => `${e.supplierId}-${e.at}-${e.state}`}
          size="small"
          loading={query.isFetching}
          dataSource={report?.events ?? []}
          columns={(report?.events.length ?? 0) ? EVENT_COLUMNS : EVENT_COLUMNS.map(({ width: _w, ...c }) => c)}
          scroll={(report?.events.length ?? 0) ? { x: 670 } : undefined}
          pagination={(report?.events.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选期间没有熔断或恢复记录" /> }}
        />
      </Card>
    </>
  );
}
