'use client';
// The china choropleth of 车险区域数据 (getInsuranceZoneData): each province shaded by the account's
// scored queries there — their average score or their share graded D/E — with the scale as a
// visualMap legend; echarts' map series over china-geojson's outlines (province short names, the
// names the server joins on). Loaded with next/dynamic, so only this screen carries echarts' map.
import { RISK_GRADE_LABEL, type RiskGrade, type ZoneData } from '@apimarket/contracts';
import { MapChart } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useState } from 'react';
import { EChart } from '@/components/charts/EChart';
import styles from './insurance.module.css';
import { GRADE_COLOR, percent } from './insurance-words';

const BANDS: Array<{ grade: RiskGrade; min: number; max: number }> = [
  { grade: 'A', min: 0, max: 30 },
  { grade: 'B', min: 30, max: 40 },
  { grade: 'C', min: 40, max: 60 },
  { grade: 'D', min: 60, max: 80 },
  { grade: 'E', min: 80, max: 100 },
];

echarts.use([MapChart, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export type ZoneMetric = 'averageScore' | 'highRiskShare';

let registered: Promise<void> | null = null;
function registerChina(): Promise<void> {
  registered ??= import('china-geojson/src/geojson/china.json').then((mod) => {
    const geo = (mod.default ?? mod) as unknown as Parameters<typeof echarts.registerMap>[1];
    echarts.registerMap('china', geo);
  });
  return registered;
}

export default function ZoneMap({ data, metric, narrow }: { data: ZoneData; metric: ZoneMetric; narrow: boolean }) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    registerChina().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const option = useMemo<echarts.EChartsCoreOption>(() => {
    const score = metric === 'averageScore';
    const byName = new Map(data.provinces.map((p) => [p.province, p]));
    return {
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string }) => {
          const z = byName.get(p.name);
          if (!z) return `${p.name}<br/>暂无评分查询`;
          return `<strong>${p.name}</strong><br/>查询 ${z.queries} 次<br/>平均评分 ${z.averageScore.toFixed(1)}<br/>高风险占比 ${percent(z.highRiskShare)}`;
        },
      },
      // The score's own bands (A–E, the grades' colours), so a shade means the same on every map;
      // the high-risk share on a plain 0–100% scale.
      visualMap: score
        ? {
            type: 'piecewise',
            pieces: BANDS.map((b) => ({
              min: b.min,
              max: b.max,
              label: narrow ? `${b.grade}（${b.min}–${b.max}）` : `${b.grade} ${RISK_GRADE_LABEL[b.grade]}（${b.min}–${b.max}）`,
              color: GRADE_COLOR[b.grade],
            })),
            orient: 'vertical',
            left: narrow ? 0 : 8,
            bottom: 8,
            itemWidth: 12,
            itemHeight: 10,
            itemGap: narrow ? 4 : 8,
            textStyle: { color: '#4e5969', fontSize: 11 },
          }
        : {
            type: 'continuous',
            min: 0,
            max: 1,
            orient: narrow ? 'horizontal' : 'vertical',
            left: narrow ? 'center' : 8,
            bottom: 8,
            calculable: false,
            itemHeight: narrow ? 160 : 120,
            itemWidth: 12,
            text: ['高风险占比 100%', '0%'],
            textStyle: { color: '#4e5969', fontSize: 11 },
            inRange: { color: ['#fff7e6', '#ffc069', '#f7702d', '#c0262c'] },
          },
      series: [
        {
          type: 'map',
          map: 'china',
          roam: false,
          zoom: narrow ? 1 : 1.2,
          top: narrow ? 8 : 16,
          bottom: narrow ? 40 : 16,
          emphasis: { label: { show: false }, itemStyle: { areaColor: '#fff1b8' } },
          select: { disabled: true },
          itemStyle: { areaColor: '#f2f3f5', borderColor: '#ffffff', borderWidth: 0.8 },
          data: data.provinces.map((p) => ({ name: p.province, value: score ? p.averageScore : p.highRiskShare })),
        },
      ],
    };
  }, [data, metric, narrow]);

  const words = metric === 'averageScore' ? '按各省平均风险评分所在的等级（A–E）着色' : '按各省 D、E 级（较高风险、高风险）查询的占比着色，颜色越深占比越高';
  // No option until the outlines are registered: echarts needs a map registered before a series names it.
  return <EChart option={ready ? option : null} className={styles.zoneChart} label={`中国地图：${words}；各省数据见右侧表格`} testId="zone-map" />;
}
