'use client';
// 车险区域数据: the account's scored queries by province over a period (default the last 90 days),
// on a map of China shaded by average score or high-risk share, with the same figures in a table
// beside it (below it on a phone) — the table is what a screen reader and a narrow screen read.
import { INSURANCE_INTERFACES, INSURANCE_MODEL_LABEL, INSURANCE_MODELS, type InsuranceModel, insuranceApi, type ZoneProvince } from '@apimarket/contracts';
import { Card, DatePicker, Empty, Grid, Segmented, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useCall } from '@/lib/api/query';
import styles from './insurance.module.css';
import { percent } from './insurance-words';
import type { ZoneMetric } from './ZoneMap';

const ZoneMap = dynamic(() => import('./ZoneMap'), { ssr: false, loading: () => <div className={styles.zoneChart}>地图加载中…</div> });

export function ZoneCard() {
  const narrow = Grid.useBreakpoint().lg === false;
  const [model, setModel] = useState<InsuranceModel | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [metric, setMetric] = useState<ZoneMetric>('averageScore');
  const input = {
    ...(model ? { model } : {}),
    ...(range?.[0] ? { startDate: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { endDate: range[1].format('YYYY-MM-DD') } : {}),
  };
  const zone = useCall(insuranceApi.zoneData, input);
  const d = zone.data?.data;

  const columns: TableColumnsType<ZoneProvince> = [
    { title: '省份', dataIndex: 'province', key: 'province', width: 64 },
    { title: '查询', key: 'queries', width: 64, align: 'right', render: (_, p) => p.queries.toLocaleString('zh-CN') },
    { title: '平均评分', key: 'avg', width: 84, align: 'right', render: (_, p) => p.averageScore.toFixed(1) },
    { title: '高风险占比', key: 'high', width: 90, align: 'right', render: (_, p) => percent(p.highRiskShare) },
  ];

  return (
    <Card title="车险区域数据" data-testid="zone-card" extra={d ? <span className={styles.muted}>{`${d.startDate} 至 ${d.endDate}`}</span> : null}>
      <div className={styles.filters}>
        <Select
          value={model}
          allowClear
          placeholder="全部模型"
          className={styles.filterModel}
          options={INSURANCE_MODELS.map((m) => ({ value: m, label: `${INSURANCE_MODEL_LABEL[m]}（${INSURANCE_INTERFACES[m]}）` }))}
          onChange={(v?: InsuranceModel) => setModel(v)}
          aria-label="按模型查看区域数据"
        />
        <DatePicker.RangePicker
          value={range}
          allowEmpty={[true, true]}
          className={styles.filterRange}
          disabledDate={(x) => x.isAfter(dayjs(), 'day')}
          onChange={(r) => setRange(r)}
          placeholder={['开始日期', '结束日期']}
        />
        <Segmented<ZoneMetric>
          value={metric}
          onChange={setMetric}
          options={[
            { value: 'averageScore', label: '平均评分' },
            { value: 'highRiskShare', label: '高风险占比' },
          ]}
          aria-label="地图着色依据"
        />
      </div>
      {zone.isPending ? (
        <Skeleton active />
      ) : !d ? (
        <Empty description="区域数据暂时无法读取，请稍后刷新" />
      ) : d.total === 0 ? (
        <Empty
          data-testid="zone-empty"
          description={
            <>
              <strong className={styles.emptyStrong}>该时段内还没有评分查询</strong>
              <span className={styles.muted}>评分成功的查询会按车辆或企业的注册地汇总到地图上；默认显示近 90 天。</span>
            </>
          }
        />
      ) : (
        <>
          <p className={styles.zoneTotals} data-testid="zone-totals">
            共 {d.total.toLocaleString('zh-CN')} 次评分查询，分布在 {d.provinces.length} 个省份
            {d.unplaced ? `；另有 ${d.unplaced} 次无法确定地区（如仅按企业名称查询），未计入地图` : ''}。
          </p>
          <div className={styles.zoneGrid}>
            <ZoneMap data={d} metric={metric} narrow={narrow} />
            <Table<ZoneProvince>
              rowKey="province"
              size="small"
              columns={columns}
              dataSource={d.provinces}
              pagination={d.provinces.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
              scroll={{ x: 300 }}
              data-testid="zone-table"
            />
          </div>
        </>
      )}
    </Card>
  );
}
