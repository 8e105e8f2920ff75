'use client';
// 调用记录: the period, interface and account filters drive four figures (against the period
// before), the daily trend, the distribution by interface, the charges and the call detail list.
// The filters live in the address (usage-filter.ts), so a view can be bookmarked or shared.
// The charts load with next/dynamic: echarts reaches the browser only on this screen.
import {
  accountApi,
  firstMessage,
  formatMfen,
  type UsageChargeRow,
  type UsageCharges,
  type UsageChart,
  type UsageDistribution,
  UsageRangeInput,
  type UsageTrends,
  usageApi,
  whitelistApi,
} from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Form, Select, Statistic, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useAddressParams } from '@/lib/address';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { request } from '@/lib/api/client';
import { callKey, useCall } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { ucHref } from '@/lib/user-center';
import { CallDetailTable } from './CallDetailTable';
import styles from './usage.module.css';
import { type UsageFilter, usageFilter } from './usage-filter';

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
    <EmptyState
      testId="usage-empty"
      className={styles.firstCall}
      title="所选时间段内还没有调用记录"
      text={
        <>
          1. 在「我的API」复制已购接口的 Key（还没有接口时，可在「购买接口」领取免费试用或购买套餐）；
          <br />
          2. 按接入说明从您的系统调用开放数据 API，例如：
          <br />
          <code>curl -X POST {'{网关地址}'}/communication/personal/1882 -d key=您的Key -d name=张三 -d idcard=身份证号</code>
          <br />
          3. 每次调用（包括被拒绝的调用）都会记录在这里，约几秒后即可看到统计和明细。
        </>
      }
      action={
        <>
          <Link href={ucHref('dataManage/myAPI')}>
            <Button type="primary">我的API</Button>
          </Link>{' '}
          <Link href="/interfaceInfo/interface">
            <Button>接入说明</Button>
          </Link>
        </>
      }
    />
  );
}

/** What 查询 reads: the four figures and the detail list, all of the same filter. */
const USAGE_CALLS = [usageApi.trends, usageApi.chart, usageApi.distribution, usageApi.charges, usageApi.callDetail];

export function UsageHistory({ initial }: { initial: UsageBundle | null }) {
  const { message } = App.useApp();
  const { user } = useUserCenter();
  const isMain = user.parentNickname === '';
  const [form] = Form.useForm<FormValues>();
  const { params, show } = useAddressParams();
  const client = useQueryClient();
  const filter = usageFilter((key) => params.get(key));

  // The server read the figures of the address's filter; the browser reads them from the first
  // 查询 on (or at once when the server could not). A failure shows as the card below, not a toast.
  const [live, setLive] = useState(initial === null);
  const trends = useCall(usageApi.trends, filter, { enabled: live, quiet: true });
  const chart = useCall(usageApi.chart, filter, { enabled: live, quiet: true });
  const distribution = useCall(usageApi.distribution, filter, { enabled: live, quiet: true });
  const charges = useCall(usageApi.charges, filter, { enabled: live, quiet: true });
  const loading = live && [trends, chart, distribution, charges].some((q) => q.isFetching);
  const failed = [trends, chart, distribution, charges].some((q) => q.isError);

  // While another filter loads, the figures of the last one stay on screen.
  const [data, setData] = useState<UsageBundle | null>(initial);
  const [t, c, d, g] = [trends.data, chart.data, distribution.data, charges.data];
  useEffect(() => {
    if (t && c && d && g) setData({ trends: t.data, chart: c.data, distribution: d.data, charges: g.data });
  }, [t, c, d, g]);

  const [purchased, setPurchased] = useState<Purchased[]>([]);
  const [children, setChildren] = useState<Child[]>([]);

  useEffect(() => {
    request(whitelistApi.purchased, {}, { silent: true })
      .then((r) => setPurchased(r.rows))
      .catch(() => setPurchased([]));
    if (isMain) {
      request(accountApi.children, {}, { silent: true })
        .then((r) => setChildren(r.rows))
        .catch(() => setChildren([]));
    }
  }, [isMain]);

  const submit = (v: FormValues) => {
    const next: UsageFilter = {
      startDate: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
      endDate: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
      interfaceId: v.interfaceId === undefined ? '' : String(v.interfaceId),
      memberId: v.memberId ?? '',
    };
    // The server's rule, checked here first so the message comes without a round trip.
    const checked = UsageRangeInput.safeParse(next);
    if (!checked.success) {
      message.error(firstMessage(checked.error));
      return;
    }
    // 查询 reads afresh, also when the filter is the one shown; the detail list starts at its first page.
    setLive(true);
    const same = (Object.keys(next) as Array<keyof UsageFilter>).every((key) => next[key] === filter[key]);
    if (same) for (const call of USAGE_CALLS) void client.invalidateQueries({ queryKey: callKey(call) });
    show({ ...next, page: undefined });
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
    <div className={panel.page}>
      <Card>
        <Form
          form={form}
          layout="inline"
          className={styles.filters}
          onFinish={submit}
          initialValues={{
            range: defaultRange,
            interfaceId: filter.interfaceId ? Number(filter.interfaceId) : undefined,
            memberId: filter.memberId || undefined,
          }}
        >
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

      {nothing && filter.interfaceId === '' ? (
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
        <Card
          title="计费情况"
          extra={
            <span>
              合计 {times(data.charges.chargedCalls)} 次 · {formatMfen(data.charges.costMfen)} 元
            </span>
          }
          data-testid="usage-charges"
        >
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
        <CallDetailTable showAccount={filter.memberId !== ''} />
      </Card>
    </div>
  );
}
