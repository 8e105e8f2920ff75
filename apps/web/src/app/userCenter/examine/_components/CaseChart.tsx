'use client';
// The summary chart of a case file: one bar series (records by kind for 9838, amounts per case,
// or open against closed). Only this file registers echarts' parts (its modular core); CaseFileView
// loads it with next/dynamic, so no other page's bundle carries the library.
import type { JudicialChart } from '@apimarket/contracts';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { EChart } from '@/components/charts/EChart';
import styles from './examine.module.css';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export function CaseChart({ chart }: { chart: JudicialChart }) {
  const option = useMemo<echarts.EChartsCoreOption>(
    () => ({
      color: ['#1664ff'],
      tooltip: { trigger: 'axis' },
      grid: { left: 16, right: 16, top: 24, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: chart.categories, axisLabel: { interval: 0, overflow: 'truncate', width: 96 }, axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
      series: [{ name: chart.title, type: 'bar', barMaxWidth: 28, data: chart.values, label: { show: true, position: 'top' } }],
    }),
    [chart],
  );

  return (
    <EChart
      option={option}
      className={styles.chart}
      label={`${chart.title}：${chart.categories.map((c, i) => `${c} ${chart.values[i]}`).join('，')}`}
      testId="judicial-chart"
    />
  );
}
