'use client';
// The two ECharts of 调用记录: calls and cost per day, and calls by interface. Only this file
// registers echarts' parts (its modular core, the few parts used), and UsageHistory loads it with
// next/dynamic, so no other page's bundle carries the library.
import { formatFen, type UsageChartPoint, type UsageDistributionRow } from '@apimarket/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { EChart } from '@/components/charts/EChart';
import styles from './usage.module.css';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const BRAND = '#1664ff';
const COST = '#f5a623';
const PALETTE = ['#1664ff', '#14c9c9', '#f5a623', '#7b61ff', '#f53f3f', '#00b42a', '#86909c', '#ff7d00'];

const yuan = (mfen: number) => Math.round(mfen / 1000) / 100;

export function TrendChart({ series }: { series: UsageChartPoint[] }) {
  const option = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: [BRAND, '#14c9c9', COST],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['调用次数', '计费次数', '费用（元）'] },
      grid: { left: 48, right: 56, top: 60, bottom: 28 },
      xAxis: { type: 'category', data: series.map((p) => p.day.slice(5)), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '次', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
        { type: 'value', name: '元', splitLine: { show: false } },
      ],
      series: [
        { name: '调用次数', type: 'bar', barMaxWidth: 18, data: series.map((p) => p.calls) },
        { name: '计费次数', type: 'line', smooth: true, symbol: 'none', data: series.map((p) => p.charged) },
        {
          name: '费用（元）',
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          symbol: 'circle',
          symbolSize: 4,
          data: series.map((p) => yuan(p.costMfen)),
          // The tooltip shows the amount as every other amount in the user center ("1,280.00").
          tooltip: { valueFormatter: (v: number) => formatFen(Math.round(v * 100)) },
        },
      ],
    }),
    [series],
  );
  return <EChart className={styles.chart} option={option} label={`每日调用次数与费用，共 ${series.length} 天`} />;
}

export function DistributionChart({ rows }: { rows: UsageDistributionRow[] }) {
  const option = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}<br/>{c} 次（{d}%）' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          name: '调用次数',
          type: 'pie',
          radius: ['42%', '68%'],
          center: ['50%', '44%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: rows.map((r) => ({ name: r.interfaceName, value: r.calls })),
        },
      ],
    }),
    [rows],
  );
  return <EChart className={styles.chart} option={option} label={`按接口的调用分布，共 ${rows.length} 个接口`} />;
}
