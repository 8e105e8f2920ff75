'use client';
// One query's result: the company, the KPI cards (vehicles, active in 30 days, new energy, the
// busiest province) and the charts; or, when the interface found nothing, why.
import type { CapacityQueryView } from '@apimarket/contracts';
import { Alert, Button, Card, Tag } from 'antd';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import styles from './capacity.module.css';
import { chinaTime, percent } from './capacity-words';

// Only this screen's bundle carries echarts, loaded once a result is shown.
const CapacityCharts = dynamic(() => import('./CapacityCharts').then((m) => m.CapacityCharts), { ssr: false });

export function CapacityReport({ view, onClose }: { view: CapacityQueryView; onClose: () => void }) {
  const p = view.profile;
  const asked = [view.companyName, view.creditCode].filter(Boolean).join(' / ');
  // The charts measure their boxes: on a phone the box is narrower.
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(max-width: 768px)');
    const update = () => setNarrow(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);

  return (
    <Card
      title="查询结果"
      extra={
        <Button size="small" onClick={onClose} data-testid="capacity-close">
          关闭
        </Button>
      }
      data-testid="capacity-report"
    >
      <div className={styles.head}>
        <h2 className={styles.company} data-testid="capacity-company">
          {p?.companyName || asked}
        </h2>
        {p ? <span className={styles.meta}>{p.creditCode}</span> : null}
        <span className={styles.meta}>
          查询于 {chinaTime(view.requestedAt)} · {view.charged ? '已计费' : '未计费'} · 流水号 {view.seqNo}
        </span>
      </div>
      {!p ? (
        <Alert
          type={view.code === '10001' ? 'info' : 'warning'}
          showIcon
          message={view.code === '10001' ? '未查询到该企业名下的营运货车' : `查询未成功：${view.message}（${view.code}）`}
          description={
            view.code === '10001'
              ? `查询条件：${asked}。请核对企业全称或统一社会信用代码；该企业可能没有登记在其名下的营运货车。`
              : view.charged
                ? '本次查询已计费。'
                : '本次查询未计费，可稍后重试。'
          }
        />
      ) : (
        <>
          <div className={styles.kpis} data-testid="capacity-kpis">
            <Kpi label="营运货车" value={`${p.vehicleCount.toLocaleString('zh-CN')} 辆`} sub={`统计截至 ${p.statMonth}`} />
            <Kpi label="近 30 天活跃" value={percent(p.activeShare)} sub={`${p.active30dCount.toLocaleString('zh-CN')} 辆有定位上报`} />
            <Kpi label="新能源车辆" value={percent(p.newEnergyShare)} sub={`${p.newEnergyCount.toLocaleString('zh-CN')} 辆`} />
            <Kpi
              label="主要运营省份"
              value={p.regions[0]?.province ?? '—'}
              sub={p.regions[0] ? `里程占比 ${percent(p.regions[0].share)}，共 ${p.regions.length} 个省份` : ''}
            />
          </div>
          <div className={styles.state}>
            {p.byType.slice(0, 3).map((t) => (
              <Tag key={t.type}>
                {t.type} {t.count} 辆
              </Tag>
            ))}
          </div>
          <CapacityCharts profile={p} narrow={narrow} />
        </>
      )}
    </Card>
  );
}

function Kpi({ label, value, sub }: { label: string; value: string; sub: string }) {
  return (
    <div className={styles.kpi}>
      <div className={styles.kpiLabel}>{label}</div>
      <div className={styles.kpiValue}>{value}</div>
      <div className={styles.kpiSub}>{sub}</div>
    </div>
  );
}
