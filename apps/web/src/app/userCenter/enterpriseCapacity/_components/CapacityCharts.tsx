'use client';
// The charts of one fleet: vehicles by type, by tonnage band, the provinces driven in (by
// mileage share), the twelve-month trend of active vehicles and mileage, and the share active in
// the last 30 days. Loaded with next/dynamic by CapacityReport, so only this screen carries
// echarts — the modular-core pattern of 接口监控's MonitorCharts.
import type { CapacityProfile } from '@apimarket/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { EChart } from '@/components/charts/EChart';
import styles from './capacity.module.css';
import { percent, tenThousandKm } from './capacity-words';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const BRAND = '#1664ff';
const SECOND = '#14c9c9';
const ACCENT = '#ff7d00';
const IDLE = '#e5e6eb';

function Box({ title, wide, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={wide ? `${styles.chartBox} ${styles.chartWide}` : styles.chartBox}>
      <h3 className={styles.chartTitle}>{title}</h3>
      {children}
    </section>
  );
}

const shareTip = { valueFormatter: (v: number) => percent(v) };

export function CapacityCharts({ profile: p, narrow }: { profile: CapacityProfile; narrow: boolean }) {
  const byType = useMemo<echarts.EChartsCoreOption>(() => {
    const rows = [...p.byType].reverse();
    return {
      color: [BRAND],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
      yAxis: { type: 'category', data: rows.map((r) => r.type), axisLabel: { width: narrow ? 84 : 120, overflow: 'truncate' } },
      series: [{ name: '车辆数', type: 'bar', barMaxWidth: 18, data: rows.map((r) => r.count), label: { show: true, position: 'right' } }],
    };
  }, [p.byType, narrow]);

  const byTonnage = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: [SECOND],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: p.byTonnage.map((r) => r.band), axisLabel: { interval: 0, fontSize: narrow ? 10 : 12, rotate: narrow ? 30 : 0 } },
      yAxis: { type: 'value', name: '辆', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
      series: [{ name: '车辆数', type: 'bar', barMaxWidth: 36, data: p.byTonnage.map((r) => r.count), label: { show: true, position: 'top' } }],
    }),
    [p.byTonnage, narrow],
  );

  const regions = useMemo<echarts.EChartsCoreOption>(() => {
    const rows = [...p.regions].slice(0, 10).reverse();
    return {
      color: [ACCENT],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...shareTip },
      grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', max: 1, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` }, splitLine: { lineStyle: { type: 'dashed' } } },
      yAxis: { type: 'category', data: rows.map((r) => r.province) },
      series: [
        {
          name: '里程占比',
          type: 'bar',
          barMaxWidth: 16,
          data: rows.map((r) => r.share),
          label: { show: true, position: 'right', formatter: (x: { value: number }) => percent(x.value) },
        },
      ],
    };
  }, [p.regions]);

  const active = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: [BRAND, IDLE],
      tooltip: { trigger: 'item', formatter: '{b}：{c} 辆（{d}%）' },
      legend: { bottom: 0 },
      series: [
        {
          name: '近 30 天',
          type: 'pie',
          radius: ['52%', '74%'],
          center: ['50%', '44%'],
          label: { show: true, position: 'center', formatter: () => percent(p.activeShare), fontSize: 22, fontWeight: 600 },
          data: [
            { name: '活跃', value: p.active30dCount },
            { name: '未活跃', value: Math.max(0, p.vehicleCount - p.active30dCount) },
          ],
        },
      ],
    }),
    [p.activeShare, p.active30dCount, p.vehicleCount],
  );

  const trend = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: [BRAND, ACCENT],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['活跃车辆', '总里程（万公里）'] },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: p.trend.map((m) => (narrow ? m.month.slice(2) : m.month)), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '辆', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
        { type: 'value', name: '万公里', splitLine: { show: false } },
      ],
      series: [
        { name: '活跃车辆', type: 'bar', barMaxWidth: 18, data: p.trend.map((m) => m.activeVehicles) },
        {
          name: '总里程（万公里）',
          type: 'line',
          yAxisIndex: 1,
          symbol: 'circle',
          symbolSize: 5,
          smooth: true,
          data: p.trend.map((m) => tenThousandKm(m.mileage)),
        },
      ],
    }),
    [p.trend, narrow],
  );

  const first = p.trend[0]?.month ?? '';
  const last = p.trend.at(-1)?.month ?? '';
  return (
    <div className={styles.charts} data-testid="capacity-charts">
      <Box title="车型分布">
        <EChart
          className={styles.chart}
          option={byType}
          label={`按车型的车辆数：${p.byType.map((r) => `${r.type} ${r.count} 辆`).join('，')}`}
          testId="capacity-chart-type"
        />
      </Box>
      <Box title="吨位分布（总质量）">
        <EChart
          className={styles.chart}
          option={byTonnage}
          label={`按吨位段的车辆数：${p.byTonnage.map((r) => `${r.band} ${r.count} 辆`).join('，')}`}
          testId="capacity-chart-tonnage"
        />
      </Box>
      <Box title="运营省份（按行驶里程占比）">
        <EChart
          className={styles.chart}
          option={regions}
          label={`运营省份：${p.regions.map((r) => `${r.province} ${percent(r.share)}`).join('，')}`}
          testId="capacity-chart-regions"
        />
      </Box>
      <Box title="近 30 天活跃占比">
        <EChart
          className={styles.chart}
          option={active}
          label={`近 30 天 ${p.active30dCount} 辆活跃，占 ${percent(p.activeShare)}`}
          testId="capacity-chart-active"
        />
      </Box>
      <Box title={`近 12 个月运力趋势（${first} 至 ${last}）`} wide>
        <EChart className={styles.chart} option={trend} label={`${first} 至 ${last} 每月活跃车辆与总里程`} testId="capacity-chart-trend" />
      </Box>
    </div>
  );
}
