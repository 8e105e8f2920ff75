'use client';
// 接口监控: a row per interface the account can call (status, availability, p95, error rate and
// the upstream's status as the platform sees it), a window switch, and a drawer with one
// interface's figures, charts and error-code mix. The charts load with next/dynamic.
import {
  ALERT_LIMITS,
  CODE_KIND_LABEL,
  MONITOR_MSG,
  MONITOR_STATUS_LABEL,
  MONITOR_STATUS_RULES,
  MONITOR_WINDOW,
  MONITOR_WINDOWS,
  type MonitorCode,
  type MonitorOverview,
  type MonitorRow,
  type MonitorStatus,
  type MonitorWindow,
  monitorApi,
  OUTAGE_CODES,
} from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Grid, Segmented, Skeleton, Statistic, Table, type TableColumnsType, Tooltip } from 'antd';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { EmptyState, InterfaceCell, MarketLink } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { callKey, useCall } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { ucHref } from '@/lib/user-center';
import styles from './monitor.module.css';

const chartSlot = () => <div className={styles.chartSlot}>图表加载中…</div>;
const CallsChart = dynamic(() => import('./MonitorCharts').then((m) => m.CallsChart), { ssr: false, loading: chartSlot });
const LatencyChart = dynamic(() => import('./MonitorCharts').then((m) => m.LatencyChart), { ssr: false, loading: chartSlot });

type Scope = 'own' | 'all';
const WARNINGS = ucHref('warningManage/myWarning');

const percent = (v: number | null) => (v === null ? '—' : `${v}%`);
const ms = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('zh-CN')} ms`);
const times = (n: number) => n.toLocaleString('zh-CN');

export function StatusDot({ status, label }: { status: MonitorStatus; label?: string }) {
  return (
    <span data-status={status}>
      <span className={`${styles.dot} ${styles[status]}`} aria-hidden="true" />
      {label ?? MONITOR_STATUS_LABEL[status]}
    </span>
  );
}

const STATUS_HELP = `正常：可用率 ≥ ${MONITOR_STATUS_RULES.okAvailability}% 且 P95 ≤ ${MONITOR_STATUS_RULES.slowP95Ms / 1000} 秒；异常：可用率 < ${MONITOR_STATUS_RULES.badAvailability}%；其余为波动。`;

export function Monitor({ initial }: { initial: MonitorOverview | null }) {
  const { user } = useUserCenter();
  const isMain = user.parentNickname === '';
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const narrow = screens.sm === false;
  const [window, setWindow] = useState<MonitorWindow>('hour');
  const [scope, setScope] = useState<Scope>('own');
  const [openId, setOpenId] = useState<number | null>(null);
  const fromServer = initial !== null && window === 'hour' && scope === 'own';
  const [live, setLive] = useState(initial === null);
  const query = useCall(monitorApi.overview, { window, scope }, { enabled: live || !fromServer, quiet: true });
  const data = (live || !fromServer ? query.data?.data : undefined) ?? (fromServer ? initial : undefined);
  const label = MONITOR_WINDOW[window].label;

  const refresh = () => {
    setLive(true);
    void client.invalidateQueries({ queryKey: callKey(monitorApi.overview) });
    void client.invalidateQueries({ queryKey: callKey(monitorApi.interface) });
  };

  const columns: TableColumnsType<MonitorRow> = [
    {
      title: '接口',
      key: 'name',
      render: (_, r) => (
        <div className={styles.name}>
          <span className={`${styles.dot} ${styles[r.figures.status]}`} title={MONITOR_STATUS_LABEL[r.figures.status]} aria-hidden="true" />
          <InterfaceCell id={r.interfaceId} name={r.interfaceName}>
            {narrow && r.upstream.shown ? <div className={styles.sub}>数据源{MONITOR_STATUS_LABEL[r.upstream.status]}</div> : null}
          </InterfaceCell>
        </div>
      ),
    },
    { title: '调用次数', key: 'calls', align: 'right', responsive: ['md'], render: (_, r) => times(r.figures.calls) },
    { title: '可用率', key: 'availability', align: 'right', render: (_, r) => percent(r.figures.availability) },
    { title: 'P95 延迟', key: 'p95', align: 'right', responsive: ['sm'], render: (_, r) => ms(r.figures.p95) },
    {
      title: '错误率',
      key: 'errorRate',
      align: 'right',
      render: (_, r) =>
        r.figures.calls === 0 ? (
          '—'
        ) : (
          <span>
            {r.figures.errorRate}%{r.alertThreshold !== null ? <div className={styles.sub}>预警线 {r.alertThreshold}%</div> : null}
          </span>
        ),
    },
    {
      title: (
        <Tooltip title={`平台网关对该数据源所有调用的汇总（不含任何其他账号的明细）。${STATUS_HELP}`}>
          <span>数据源状态</span>
        </Tooltip>
      ),
      key: 'upstream',
      responsive: ['sm'],
      render: (_, r) => (
        <div>
          {r.upstream.shown ? (
            <>
              <StatusDot status={r.upstream.status} />
              <div className={styles.sub}>
                可用率 {percent(r.upstream.availability)} · P95 {ms(r.upstream.p95)}
              </div>
            </>
          ) : (
            <Tooltip title={MONITOR_MSG.upstreamHidden}>
              <span className={styles.sub}>暂不展示</span>
            </Tooltip>
          )}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'op',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.interfaceId)} data-testid={`monitor-open-${r.interfaceId}`}>
          详情
        </Button>
      ),
    },
  ];

  const rows = data?.rows ?? [];
  const noCalls = rows.length > 0 && rows.every((r) => r.figures.calls === 0);

  return (
    <div className={panel.page}>
      <Card>
        <div className={styles.bar}>
          <Segmented<MonitorWindow>
            value={window}
            onChange={(v) => {
              setLive(true);
              setWindow(v);
            }}
            options={MONITOR_WINDOWS.map((w) => ({ value: w, label: MONITOR_WINDOW[w].label }))}
            aria-label="统计时间范围"
            data-testid="monitor-window"
          />
          {isMain ? (
            <Segmented<Scope>
              value={scope}
              onChange={(v) => {
                setLive(true);
                setScope(v);
              }}
              aria-label="统计范围"
              options={[
                { value: 'own', label: '本账号' },
                { value: 'all', label: '含子账号' },
              ]}
            />
          ) : null}
          <Button onClick={refresh} loading={query.isFetching}>
            刷新
          </Button>
        </div>
        {data ? (
          <p className={styles.period} data-testid="monitor-period">
            统计区间：{dateTime(data.from)} 至 {dateTime(data.to)}（{label}）。可用率只计入到达数据源或平台故障的调用（{OUTAGE_CODES.join('、')}
            计为不可用）；错误率与「错误率预警」同一算法：非 10000 的调用占全部调用的比例，满 {ALERT_LIMITS.minCallsForRate} 次才会触发预警。
          </p>
        ) : null}
      </Card>

      <Card title="已购接口" data-testid="monitor-table">
        {!data && query.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="接口监控数据暂时无法加载，请稍后刷新重试" />
        ) : !data ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <EmptyState
            testId="monitor-empty"
            title="还没有可监控的接口"
            text={
              user.parentNickname === ''
                ? '购买接口并开始调用后，这里会显示每个接口的可用率、延迟和错误率。'
                : '主账号为您分配接口并开始调用后，这里会显示每个接口的可用率、延迟和错误率。'
            }
            action={isMain ? <MarketLink /> : undefined}
          />
        ) : (
          <>
            {noCalls ? (
              <p className={styles.note} data-testid="monitor-no-calls">
                {label}内没有调用。可切换到更长的时间范围，或在「<Link href={ucHref('dataManage/myAPI')}>我的API</Link>」复制 Key 后开始调用。
              </p>
            ) : null}
            <Table<MonitorRow>
              rowKey="interfaceId"
              size="middle"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={narrow ? undefined : { x: 860 }}
            />
          </>
        )}
      </Card>

      <Detail interfaceId={openId} window={window} scope={scope} onClose={() => setOpenId(null)} />
    </div>
  );
}

function Detail({ interfaceId, window, scope, onClose }: { interfaceId: number | null; window: MonitorWindow; scope: Scope; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const query = useCall(monitorApi.interface, { window, scope, interfaceId: interfaceId ?? 0 }, { enabled: interfaceId !== null, quiet: true });
  const d = query.data?.data;
  const label = MONITOR_WINDOW[window].label;
  const codeColumns: TableColumnsType<MonitorCode> = [
    { title: '结果代码', dataIndex: 'code', key: 'code' },
    { title: '含义', dataIndex: 'words', key: 'words' },
    { title: '类别', key: 'kind', render: (_, c) => CODE_KIND_LABEL[c.kind] },
    { title: '次数', key: 'calls', align: 'right', render: (_, c) => times(c.calls) },
    { title: '占比', key: 'share', align: 'right', render: (_, c) => `${c.share}%` },
  ];
  return (
    <Drawer
      open={interfaceId !== null}
      onClose={onClose}
      size={screens.sm === false ? '100%' : 760}
      title={d ? `${d.interfaceName} · ${label}` : '接口监控'}
      destroyOnHidden
    >
      {query.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该接口的监控数据暂时无法加载，请稍后重试" />
      ) : !d || d.interfaceId !== interfaceId ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div data-testid="monitor-detail">
          <div className={styles.figures}>
            <Statistic title="调用次数" value={d.figures.calls} />
            <Statistic title="成功占比" value={percent(d.figures.successShare)} />
            <Statistic title="可用率" value={percent(d.figures.availability)} />
            <Statistic title="错误率" value={d.figures.calls ? `${d.figures.errorRate}%` : '—'} />
            <Statistic title="P50 延迟" value={ms(d.figures.p50)} />
            <Statistic title="P95 延迟" value={ms(d.figures.p95)} />
            <Statistic title="P99 延迟" value={ms(d.figures.p99)} />
            <Statistic title="接口状态" valueRender={() => <StatusDot status={d.figures.status} />} />
          </div>
          {d.figures.calls > 0 && !d.figures.errorRateJudged ? (
            <p className={styles.note}>调用不足 {ALERT_LIMITS.minCallsForRate} 次，错误率仅供参考，错误率预警不会据此触发。</p>
          ) : null}

          <h3 className={styles.section}>数据源状态（平台视角）</h3>
          <div className={styles.upstream} data-testid="monitor-upstream">
            {d.upstream.shown ? (
              <>
                <StatusDot status={d.upstream.status} />
                <span>可用率 {percent(d.upstream.availability)}</span>
                <span>P95 {ms(d.upstream.p95)}</span>
              </>
            ) : (
              <span>{MONITOR_MSG.upstreamHidden}</span>
            )}
          </div>
          <p className={styles.note}>
            平台网关在{label}内对该接口数据源所有调用的汇总，每分钟更新；用于判断问题出在数据源还是您的调用。{STATUS_HELP}
          </p>

          {d.figures.calls === 0 ? (
            <EmptyState testId="monitor-detail-empty" title={`${label}内该接口没有调用`} text="切换到更长的时间范围，或调用后刷新查看。" />
          ) : (
            <>
              <h3 className={styles.section}>调用与错误率</h3>
              <CallsChart series={d.series} bucketMinutes={d.bucketMinutes} alerts={d.alerts} />
              <p className={styles.note}>
                {d.alerts.some((a) => a.enabled) ? (
                  <>
                    虚线为您设置的错误率预警（
                    {d.alerts
                      .filter((a) => a.enabled)
                      .map((a) => `${a.threshold}%，${a.windowMinutes} 分钟`)
                      .join('；')}
                    ）。
                    <Link href={WARNINGS}>管理预警</Link>
                  </>
                ) : (
                  <>
                    尚未为该接口设置错误率预警。<Link href={WARNINGS}>去设置错误率预警</Link>
                  </>
                )}
              </p>
              <h3 className={styles.section}>P95 延迟</h3>
              <LatencyChart series={d.series} bucketMinutes={d.bucketMinutes} />
              <h3 className={styles.section}>结果代码分布</h3>
              <Table<MonitorCode> rowKey="code" size="small" columns={codeColumns} dataSource={d.codes} pagination={false} scroll={{ x: 560 }} />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
