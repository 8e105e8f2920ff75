'use client';
// A scored truck or coach (9963 / 9965), as its model screen and the access log show it: the score
// and grade, the factors, the regular driving lines on the map and in a table, and the driving
// cycles (paged from findDrivingCycleMongoByPage, exported as xlsx).
import { type BusScore, type DrivingCycle, type DrivingLine, insuranceApi, type TruckScore } from '@apimarket/contracts';
import { App, Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { FleetMap, type FleetMapLine, type MapTiles } from '@/components/map/FleetMap';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { PlateTag } from '../../transportation/_shared/PlateTag';
import styles from './insurance.module.css';
import { chinaTime, hours, km, minutesText, percent } from './insurance-words';
import { FactorTable, FailedResult, receiptFacts, ScoreHead } from './ScoreParts';

type VehicleScore = TruckScore | BusScore;

export function VehicleResult({ result, tiles, kind }: { result: VehicleScore; tiles: MapTiles; kind: 'truck' | 'bus' }) {
  const plate = <PlateTag plate={result.plateNumber} color={result.plateColor} label={result.plateColorLabel} />;
  if (!result.success || result.score === null || result.grade === null) {
    return (
      <Card title={<span className={styles.cardTitle}>评分结果 {plate}</span>} data-testid="vehicle-result">
        <FailedResult message={result.message} code={result.code} charged={result.charged} check="车牌号和车牌颜色" />
      </Card>
    );
  }
  const months = 'dataMonths' in result ? result.dataMonths : null;
  return (
    <>
      <Card title="评分结果" data-testid="vehicle-result">
        <ScoreHead
          score={result.score}
          grade={result.grade}
          gradeLabel={result.gradeLabel}
          subject={
            <span className={styles.subjectLine}>
              {plate}
              <span className={styles.muted}>
                {kind === 'truck' ? '货车' : '客车'}
                {result.province ? ` · 注册地 ${result.province}` : ''}
                {months ? ` · 依据近 ${months} 个月行驶数据` : ''}
              </span>
            </span>
          }
          topFactors={result.topFactors}
          facts={receiptFacts(result)}
        />
      </Card>
      <Card title="风险因子" extra={<span className={styles.muted}>贡献越高，越是推高评分的原因</span>}>
        <FactorTable factors={result.factors} />
      </Card>
      <LinesCard lines={result.lines} tiles={tiles} />
      <CyclesCard queryId={result.id} plate={result.plateNumber} summary={result.cycles} />
    </>
  );
}

const lineName = (l: DrivingLine) => `${l.fromCity} ⇄ ${l.toCity}`;

/** The regular driving lines: arcs on the map (thicker for more kilometres), the same lines in a table. */
export function LinesCard({ lines, tiles }: { lines: DrivingLine[]; tiles: MapTiles }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const mapLines = useMemo<FleetMapLine[]>(
    () =>
      lines.map((l, i) => ({
        id: i,
        from: l.from,
        to: l.to,
        fromLabel: l.fromCity,
        toLabel: l.toCity,
        label: `${lineName(l)} · ${l.trips} 趟 · 单程 ${km(l.km)} · 里程占比 ${percent(l.share)}`,
        weight: l.share,
        selected: i === chosen,
      })),
    [lines, chosen],
  );
  const columns: TableColumnsType<DrivingLine & { i: number }> = [
    {
      title: '线路',
      key: 'line',
      render: (_, l) => (
        <div>
          <strong>{lineName(l)}</strong>
          <div className={styles.muted}>{l.fromProvince === l.toProvince ? `${l.fromProvince}省内` : `${l.fromProvince} — ${l.toProvince}`}</div>
        </div>
      ),
    },
    { title: '趟次', dataIndex: 'trips', key: 'trips', width: 70, align: 'right' },
    { title: '单程里程', key: 'km', width: 110, align: 'right', render: (_, l) => km(l.km) },
    { title: '里程占比', key: 'share', width: 90, align: 'right', render: (_, l) => percent(l.share) },
  ];
  return (
    <Card title="常跑线路" extra={<span className={styles.muted}>共 {lines.length} 条</span>} data-testid="lines-card">
      {lines.length === 0 ? (
        <EmptyState title="没有识别出常跑线路" text="评分期内该车没有重复行驶的城市间线路，多为短途或不固定的运输。" />
      ) : (
        <div className={styles.linesGrid}>
          <FleetMap tiles={tiles} height={360} lines={mapLines} fit="lines" onLineClick={setChosen} ariaLabel="常跑线路地图" className={styles.linesMap} />
          <Table<DrivingLine & { i: number }>
            rowKey="i"
            size="small"
            columns={columns}
            dataSource={lines.map((l, i) => ({ ...l, i }))}
            pagination={false}
            scroll={{ x: 420 }}
            onRow={(r) => ({ onClick: () => setChosen(r.i === chosen ? null : r.i), className: r.i === chosen ? styles.rowChosen : styles.rowPick })}
            data-testid="lines-table"
          />
        </div>
      )}
    </Card>
  );
}

/** The driving cycles of one query: the summary, then the trips page by page, exported whole. */
export function CyclesCard({ queryId, plate, summary }: { queryId: number; plate: string; summary: VehicleScore['cycles'] }) {
  const { message } = App.useApp();
  const list = usePagedList(insuranceApi.truckCycles, { fixed: { id: queryId }, pageSize: 10, quiet: true });
  const [exporting, setExporting] = useState(false);
  const exportRows = async () => {
    setExporting(true);
    try {
      const blob = await request(insuranceApi.truckCycles, { id: queryId, export: 1 });
      if (blob instanceof Blob) saveBlob(blob, `行驶周期-${plate}-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };
  const columns: TableColumnsType<DrivingCycle> = [
    { title: '序号', dataIndex: 'seq', key: 'seq', width: 64 },
    {
      title: '出发',
      key: 'depart',
      width: 150,
      render: (_, c) => (
        <div>
          {c.departCity}
          <div className={styles.muted}>{chinaTime(c.departTime)}</div>
        </div>
      ),
    },
    {
      title: '到达',
      key: 'arrive',
      width: 150,
      render: (_, c) => (
        <div>
          {c.arriveCity}
          <div className={styles.muted}>{chinaTime(c.arriveTime)}</div>
        </div>
      ),
    },
    { title: '里程', key: 'km', width: 100, align: 'right', render: (_, c) => km(c.km) },
    { title: '用时', key: 'hours', width: 90, align: 'right', render: (_, c) => hours(c.hours) },
    { title: '夜间里程', key: 'night', width: 90, align: 'right', render: (_, c) => percent(c.nightShare) },
    { title: '最长连续驾驶', key: 'longest', width: 120, render: (_, c) => minutesText(c.longestDrivingMinutes) },
    { title: '超速', key: 'over', width: 70, align: 'right', render: (_, c) => `${c.overspeedCount} 次` },
    { title: '疲劳驾驶', key: 'fatigue', width: 90, render: (_, c) => (c.fatigue ? <Tag color="error">有</Tag> : <Tag>无</Tag>) },
  ];
  const figures = [
    { label: '行驶周期', value: `${summary.cycles} 个` },
    { label: '总里程', value: km(summary.totalKm) },
    { label: '平均每趟', value: `${km(summary.averageKm)} · ${hours(summary.averageHours)}` },
    { label: '夜间里程占比', value: percent(summary.nightShare) },
    { label: '有疲劳驾驶的周期', value: `${summary.fatigueCycles} 个` },
  ];
  return (
    <Card
      title="行驶周期"
      data-testid="cycles-card"
      extra={
        <Button size="small" onClick={() => void exportRows()} loading={exporting} disabled={list.total === 0} data-testid="cycles-export">
          导出
        </Button>
      }
    >
      <dl className={styles.figures}>
        {figures.map((f) => (
          <div key={f.label} className={styles.figure}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <ListTable<DrivingCycle>
        list={list}
        rowKey="seq"
        size="small"
        columns={columns}
        scrollX={940}
        failedText="行驶周期暂时无法读取，请稍后刷新"
        empty={<EmptyState title="没有行驶周期" text="评分期内没有识别出从出发到到达的完整行程。" />}
        data-testid="cycles-table"
      />
    </Card>
  );
}
