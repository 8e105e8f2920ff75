'use client';
// The report's one chart: cost, revenue and margin per China day. Only this file registers
// echarts' parts, and SupplierReport loads it with next/dynamic, so no other page carries them.
import type { SupplierReportDay } from '@apimarket/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { EChart } from '@/components/charts/EChart';
import { yuanExact } from './money';
import styles from './report.module.css';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const yuan = (mfen: number) => mfen / 100_000;

export function DailyChart({ days }: { days: SupplierReportDay[] }) {
  const option = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: ['#f5a623', '#1664ff', '#00b42a'],
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `¥${yuanExact(Math.round(v * 100_000))}` },
      legend: { top: 0, data: ['成本', '收入', '毛利'] },
      grid: { left: 56, right: 16, top: 60, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', name: '元', splitLine: { lineStyle: { type: 'dashed' } } },
      series: [
        { name: '成本', type: 'bar', barMaxWidth: 16, data: days.map((d) => yuan(d.costMfen)) },
        { name: '收入', type: 'bar', barMaxWidth: 16, data: days.map((d) => yuan(d.revenueMfen)) },
        { name: '毛利', type: 'line', symbol: 'circle', symbolSize: 5, data: days.map((d) => yuan(d.marginMfen)) },
      ],
    }),
    [days],
  );
  return <EChart className={styles.chart} option={option} label={`每日成本、收入与毛利，共 ${days.length} 天`} testId="supplier-daily-chart" />;
}
