'use client';
// The two ECharts of 接口监控's detail: calls, errors and the error rate per bucket (with the
// account's error-rate alert thresholds as lines), and p95 latency per bucket. Loaded with
// next/dynamic by Monitor, so only this screen's bundle carries echarts — the same modular-core
// pattern as 调用记录's UsageCharts.
import type { MonitorAlert, MonitorPoint } from '@apimarket/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { EChart } from '@/components/charts/EChart';
import styles from './monitor.module.css';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

const BRAND = '#1664ff';
const ERROR = '#f53f3f';
const RATE = '#ff7d00';

/** A bucket's start as China time: HH:mm within a day, MM-DD HH:mm beyond. */
function axisLabel(iso: string, bucketMinutes: number): string {
  const d = new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString();
  return bucketMinutes >= 360 ? `${d.slice(5, 10)} ${d.slice(11, 16)}` : d.slice(11, 16);
}

export function CallsChart({ series, bucketMinutes, alerts }: { series: MonitorPoint[]; bucketMinutes: number; alerts: MonitorAlert[] }) {
  const option = useMemo<echarts.EChartsCoreOption>(() => {
    const lines = alerts.filter((a) => a.enabled).map((a) => ({ yAxis: a.threshold, name: `预警线 ${a.threshold}%${a.codes.length ? '（所选错误码）' : ''}` }));
    return {
      color: [BRAND, ERROR, RATE],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['调用次数', '错误次数', '错误率'] },
      grid: { left: 44, right: 48, top: 64, bottom: 28 },
      xAxis: { type: 'category', data: series.map((p) => axisLabel(p.at, bucketMinutes)), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '次', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
        { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
      ],
      series: [
        { name: '调用次数', type: 'bar', barMaxWidth: 14, data: series.map((p) => p.calls) },
        { name: '错误次数', type: 'bar', barMaxWidth: 14, data: series.map((p) => p.errors) },
        {
          name: '错误率',
          type: 'line',
          yAxisIndex: 1,
          symbol: 'circle',
          symbolSize: 4,
          data: series.map((p) => (p.calls ? p.errorRate : null)),
          tooltip: { valueFormatter: (v: number | null) => (v === null || v === undefined ? '—' : `${v}%`) },
          markLine: lines.length
            ? { symbol: 'none', lineStyle: { color: ERROR, type: 'dashed' }, label: { formatter: '{b}', position: 'insideEndTop' }, data: lines }
            : undefined,
        },
      ],
    };
  }, [series, bucketMinutes, alerts]);
  return (
    <EChart
      className={styles.chart}
      option={option}
      label={`每 ${bucketMinutes} 分钟的调用次数、错误次数与错误率，共 ${series.length} 段`}
      testId="monitor-calls-chart"
    />
  );
}

export function LatencyChart({ series, bucketMinutes }: { series: MonitorPoint[]; bucketMinutes: number }) {
  const option = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: [BRAND],
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null || v === undefined ? '无调用' : `${v} ms`) },
      grid: { left: 52, right: 24, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: series.map((p) => axisLabel(p.at, bucketMinutes)), axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', name: 'ms', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
      series: [{ name: 'P95 延迟', type: 'line', connectNulls: false, symbol: 'circle', symbolSize: 4, data: series.map((p) => p.p95) }],
    }),
    [series, bucketMinutes],
  );
  return <EChart className={styles.chart} option={option} label={`每 ${bucketMinutes} 分钟的 P95 延迟`} testId="monitor-latency-chart" />;
}
