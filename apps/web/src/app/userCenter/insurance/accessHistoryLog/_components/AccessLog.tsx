'use client';
// One model query's log (insuranceAccessLog): the receipt (model, subject, outcome, 流水号, charged,
// operator, IP, time), the parameters sent with personal data masked, the interface's answer as
// received, and — when the model scored — the whole result as its own screen shows it.
import { INSURANCE_MODEL_LABEL, insuranceApi, PLATE_COLORS, type PlateColor } from '@apimarket/contracts';
import { Button, Card, Collapse, Descriptions, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import type { MapTiles } from '@/components/map/FleetMap';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall } from '@/lib/api/query';
import { FleetResult } from '../../_shared/FleetResult';
import styles from '../../_shared/insurance.module.css';
import { chinaTime, HISTORY_HREF, MODEL_HREF } from '../../_shared/insurance-words';
import { GradeTag } from '../../_shared/ScoreParts';
import { VehicleResult } from '../../_shared/VehicleResult';

/** The parameters' names as the screens call them; the wire name stays beside, for support. */
const PARAM_LABEL: Record<string, string> = { plateNumber: '车牌号', plateColor: '车牌颜色', companyName: '企业名称', creditCode: '统一社会信用代码' };

function paramValue(key: string, value: string): string {
  const color = PLATE_COLORS[Number(value) as PlateColor];
  return key === 'plateColor' && color ? `${value}（${color}）` : value;
}

export function AccessLog({ tiles }: { tiles: MapTiles }) {
  const params = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useCall(insuranceApi.accessLog, { id }, { enabled: id > 0, quiet: true });
  const back = (
    <Link href={HISTORY_HREF}>
      <Button type="primary">返回访问记录</Button>
    </Link>
  );

  if (id <= 0 || q.isError) {
    return (
      <Card title="访问日志">
        <EmptyState
          testId="access-log-missing"
          title="未找到该查询记录"
          text={
            id > 0 && q.error && serverMessage(q.error) !== '未找到该查询记录'
              ? serverMessage(q.error) || '该记录不存在，或不属于当前账号。'
              : id > 0
                ? '该记录不存在，或不属于当前账号。请从访问记录中选择一条查询查看它的日志。'
                : '请从访问记录中选择一条查询查看它的日志。'
          }
          action={back}
        />
      </Card>
    );
  }
  if (q.isPending) {
    return (
      <Card title="访问日志">
        <Skeleton active />
      </Card>
    );
  }
  const d = q.data.data;
  const requestRows = Object.entries(d.request);
  return (
    <div className={panel.page}>
      <Card
        title="访问日志"
        data-testid="access-log"
        extra={
          d.success ? (
            <Link href={`${MODEL_HREF[d.model]}?id=${d.id}`} data-testid="access-log-model">
              在{d.modelLabel || INSURANCE_MODEL_LABEL[d.model]}中查看
            </Link>
          ) : null
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            { key: 'model', label: '模型', children: `${d.modelLabel || INSURANCE_MODEL_LABEL[d.model]}（接口 ${d.interfaceId}）` },
            { key: 'subject', label: '查询对象', children: <span className={styles.subjectCell}>{d.subject}</span> },
            {
              key: 'outcome',
              label: '结果',
              children: d.success ? (
                <span className={styles.subjectLine}>
                  <strong>{d.score}</strong>
                  <GradeTag grade={d.grade} label={d.gradeLabel} />
                </span>
              ) : (
                <Tag color="warning">未评分</Tag>
              ),
            },
            { key: 'code', label: '应答', children: `${d.code || '—'} ${d.message}` },
            { key: 'charged', label: '计费', children: d.charged ? '已计费 1 次' : '未计费' },
            { key: 'seq', label: '流水号', children: <span className={styles.mono}>{d.seqNo || '—'}</span> },
            { key: 'at', label: '查询时间', children: chinaTime(d.createdAt) },
            { key: 'op', label: '操作人', children: d.operator || '—' },
            { key: 'ip', label: '来源 IP', children: d.ip || '—' },
            { key: 'province', label: '地区', children: d.province || '—' },
          ]}
        />
        <h3 className={styles.sectionTitle}>请求参数</h3>
        {requestRows.length ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={requestRows.map(([k, v]) => ({
              key: k,
              label: (
                <span>
                  {PARAM_LABEL[k] ?? k}
                  {PARAM_LABEL[k] ? <span className={panel.sub}> {k}</span> : null}
                </span>
              ),
              children: <span className={styles.mono}>{paramValue(k, v)}</span>,
            }))}
          />
        ) : (
          <p className={panel.sub}>无</p>
        )}
        <Collapse
          className={styles.gap}
          items={[
            {
              key: 'response',
              label: '接口应答（原文）',
              children:
                d.response === null || d.response === undefined ? (
                  <p className={panel.sub}>接口没有返回数据</p>
                ) : (
                  <pre className={`${panel.codeBlock} ${styles.response}`} data-testid="access-log-response">
                    {JSON.stringify(d.response, null, 2)}
                  </pre>
                ),
            },
          ]}
        />
      </Card>
      {d.truck ? <VehicleResult result={d.truck} tiles={tiles} kind="truck" /> : null}
      {d.bus ? <VehicleResult result={d.bus} tiles={tiles} kind="bus" /> : null}
      {d.fleet ? <FleetResult result={d.fleet} /> : null}
    </div>
  );
}
