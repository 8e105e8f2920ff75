'use client';
// 调用记录: the period, interface and account filters drive four figures (against the period
// before), the daily trend, the distribution by interface, the charges and the call detail list.
// The charts load with next/dynamic: echarts reaches the browser only on this screen.
import {
  firstMessage,
  formatMfen,
  type UsageChart,
  type UsageCharges,
  type UsageChargeRow,
  type UsageDistribution,
  type UsageTrends,
  UsageRangeInput,
} from '@apimarket/contracts';
import { App, Button, Card, DatePicker, Empty, Form, Select, Statistic, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { useUserCenter } from '../../../../../components/user-center/UserCenterContext';
import { request } from '../../../../../lib/api/client';
import { dateTime } from '../../../../../lib/format';
import { ucHref } from '../../../../../lib/user-center';
import { CallDetailTable, type UsageFilter } from './CallDetailTable';
import styles from './usage.module.css';

const chartSlot = () => <div className={styles.chartSlot}>图表加载中…</div>;
const TrendChart = dynamic(() => import('./UsageCharts').then((m) => m.TrendChart), { ssr: false, loading: chartSlot });
const DistributionChart = dynamic(() => import('./UsageCharts').then((m) => m.DistributionChart), { ssr: false, loading: chartSlot });

export interface UsageBundle {
  trends: UsageTrends;
  chart: UsageChart;
  distribution: UsageDistribution;
  charges: UsageCharges;
}

interface Child {
  id: number;
  mname: string;
  userName: string;
}

interface Purchased {
  interfaceId: number;
  interfaceName: string;
}

interface FormValues {
  range?: [Dayjs, Dayjs] | null;
  interfaceId?: number;
  memberId?: string;
}

const times = (n: number) => n.toLocaleString('zh-CN');

/** 较上期 +12.5% / −3% / 上期无调用. */
function Change({ value }: { value: number | null }) {
  if (value === null) return <div className={styles.change}>上期无数据</div>;
  const cls = value > 0 ? styles.up : value < 0 ? styles.down : undefined;
  return (
    <div className={styles.change}>
      较上期 <span className={cls}>{`${value > 0 ? '+' : ''}${value}%`}</span>
    </div>
  );
}

/** What to do before there is anything to show: where the key is and how a call is made. */
function FirstCall() {
  return (
    <div className={styles.empty} data-testid="usage-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong className={styles.emptyTitle}>所选时间段内还没有调用记录</strong>
            <span className={styles.emptyText}>
              1. 在「我的API」复制已购接口的 Key（还没有接口时，可在「购买接口」领取免费试用或购买套餐）；
              <br />
              2. 按接入说明从您的系统调用开放数据 API，例如：
              <br />
              <code>curl -X POST {'{网关地址}'}/communication/personal/1882 -d key=您的Key -d name=张三 -d idcard=身份证号</code>
              <br />
              3. 每次调用（包括被拒绝的调用）都会记录在这里，约几秒后即可看到统计和明细。
            </span>
          </>
        }
      >
        <Link href={ucHref('dataManage/myAPI')}>
          <Button type="primary">我的API</Button>
        </Link>{' '}
        <Link href="/interfaceInfo/interface">
          <Button>接入说明</Button>
        </Link>
      </Empty>
    </div>
  );
}

export function UsageHistory({ initial, interfaceId }: { initial: UsageBundle | null; interfaceId?: number }) {
  const { message } = App.useApp();
  const { user } = useUserCenter();
  const isMain = user.parentNickname === '';
  const [form] = Form.useForm<FormValues>();
  const [data, setData] = useState<UsageBundle | null>(initial);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(initial === null);
  const [filter, setFilter] = useState<UsageFilter>({
    startDate: initial?.chart.period.startDate ?? '',
    endDate: initial?.chart.period.endDate ?? '',
    interfaceId,
  });
  const [purchased, setPurchased] = useState<Purchased[]>([]);
  const [children, setChildren] = useState<Child[]>([]);

  useEffect(() => {
    request<{ rows: Purchased[] }>('UserCenter/FindInterfaceInfo', { method: 'GET', silent: true })
      .then((r) => setPurchased(r.rows))
      .catch(() => setPurchased([]));
    if (isMain) {
      request<{ rows: Child[] }>('myAccount/getChild', { silent: true })
        .then((r) => setChildren(r.rows))
        .catch(() => setChildren([]));
    }
  }, [isMain]);

  const load = useCallback(async (f: UsageFilter) => {
    setLoading(true);
    const fields = { startDate: f.startDate, endDate: f.endDate, interfaceId: f.interfaceId ?? '', memberId: f.memberId ?? '' };
    try {
      const [trends, chart, distribution, charges] = await Promise.all([
        request<{ data: UsageTrends }>('myCallHistory/trends', { data: fields }),
        request<{ data: UsageChart }>('myAccount/callRecord/callStatisticalChart', { data: fields }),
        request<{ data: UsageDistribution }>('myCallHistory/distributions', { data: fields }),
        request<{ data: UsageCharges }>('myCallHistory/chargeSituations', { data: fields }),
      ]);
      setData({ trends: trends.data, chart: chart.data, distribution: distribution.data, charges: charges.data });
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  // Without the server's first figures (an outage), try once more from the browser.
  useEffect(() => {
    if (initial === null) void load({ startDate: '', endDate: '', interfaceId });
  }, [initial, interfaceId, load]);

  const submit = (v: FormValues) => {
    const next: UsageFilter = {
      startDate: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
      endDate: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
      interfaceId: v.interfaceId,
      memberId: v.memberId,
    };
    // The server's rule, checked here first so the message comes without a round trip.
    const checked = UsageRangeInput.safeParse(next);
    if (!checked.success) {
      message.error(firstMessage(checked.error));
      return;
    }
    setFilter(next);
    void load(next);
  };

  const period = data?.chart.period;
  const defaultRange: [Dayjs, Dayjs] | undefined = period ? [dayjs(period.startDate), dayjs(period.endDate)] : undefined;
  const current = data?.trends.current;
  const nothing = data !== null && current?.calls === 0;

  const chargeColumns: TableColumnsType<UsageChargeRow> = [
    { title: '接口', dataIndex: 'interfaceName', key: 'name' },
    { title: '计费次数', key: 'charged', align: 'right', render: (_, r) => times(r.chargedCalls) },
    { title: '费用（元）', key: 'cost', align: 'right', render: (_, r) => formatMfen(r.costMfen) },
    { title: '剩余次数', key: 'left', align: 'right', render: (_, r) => (r.callsLeft === null ? '—' : times(r.callsLeft)) },
    { title: '到期时间', key: 'expires', render: (_, r) => dateTime(r.expiresAt) },
  ];

  return (
    <div className={styles.page}>
      <Card>
        <Form form={form} layout="inline" className={styles.filters} onFinish={submit} initialValues={{ range: defaultRange, interfaceId }}>
          <Form.Item name="range" label="调用日期">
            <DatePicker.RangePicker allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item name="interfaceId" label="接口">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部接口"
              style={{ width: 200 }}
              options={purchased.map((p) => ({ value: p.interfaceId, label: p.interfaceName }))}
              notFoundContent="还没有已购接口"
            />
          </Form.Item>
          {isMain && children.length > 0 ? (
            <Form.Item name="memberId" label="账号">
              <Select
                allowClear
                placeholder="本账号"
                style={{ width: 200 }}
                options={[
                  { value: 'all', label: '本账号及全部子账号' },
                  ...children.map((c) => ({ value: String(c.id), label: c.userName ? `${c.mname}（${c.userName}）` : c.mname })),
                ]}
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={loading}>
            查 询
          </Button>
        </Form>
        {period ? (
          <p className={styles.period} data-testid="usage-period">
            统计区间：{period.startDate} 至 {period.endDate}（中国时间，按自然日）
          </p>
        ) : null}
      </Card>

      {failed && !data ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="调用统计暂时无法加载，请稍后刷新重试" />
        </Card>
      ) : null}

      {data && current ? (
        <div className={styles.figures} data-testid="usage-figures">
          <Card>
            <Statistic title="调用次数" value={current.calls} />
            <Change value={data.trends.change.calls} />
          </Card>
          <Card>
            <Statistic title="计费次数" value={current.charged} />
            <Change value={data.trends.change.charged} />
          </Card>
          <Card>
            <Statistic title="失败次数" value={current.failed} />
            <Change value={data.trends.change.failed} />
          </Card>
          <Card>
            <Statistic title="费用（元）" value={formatMfen(current.costMfen)} />
            <Change value={data.trends.change.costMfen} />
          </Card>
        </div>
      ) : null}

      {nothing && !filter.interfaceId ? (
        <Card>
          <FirstCall />
        </Card>
      ) : data ? (
        <div className={styles.charts}>
          <Card title="调用趋势" data-testid="usage-trend">
            <TrendChart series={data.chart.series} />
          </Card>
          <Card title="接口分布" data-testid="usage-distribution">
            {data.distribution.rows.length > 0 ? (
              <DistributionChart rows={data.distribution.rows} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选时间段内没有调用" />
            )}
          </Card>
        </div>
      ) : null}

      {data ? (
        <Card title="计费情况" extra={<span>合计 {times(data.charges.chargedCalls)} 次 · {formatMfen(data.charges.costMfen)} 元</span>} data-testid="usage-charges">
          <Table<UsageChargeRow>
            rowKey="interfaceId"
            size="middle"
            columns={chargeColumns}
            dataSource={data.charges.rows}
            pagination={false}
            scroll={{ x: 640 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选时间段内没有计费的调用" /> }}
          />
        </Card>
      ) : null}

      <Card title="调用明细" data-testid="usage-detail">
        <CallDetailTable filter={filter} showAccount={filter.memberId !== undefined} />
      </Card>
    </div>
  );
}
