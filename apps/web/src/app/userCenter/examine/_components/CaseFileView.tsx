'use client';
// 查询详情 (UserCenter/judicial/detail): one judicial query as a readable case file — who was
// asked (a person masked), the summary and its chart, each record with its parties and roles,
// case number, court, cause, amount and status, and the dates on a timeline, newest first.
import { type JudicialCaseFile, type JudicialRecord, judicialApi } from '@apimarket/contracts';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Statistic, Tag, Timeline } from 'antd';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import panel from '@/components/user-center/panel.module.css';
import { useCall } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { idFromQuery, statusColor } from './judicial-words';
import styles from './examine.module.css';

const chartSlot = () => <div className={styles.chart} />;
const CaseChart = dynamic(() => import('./CaseChart').then((m) => m.CaseChart), { ssr: false, loading: chartSlot });

export function CaseFileView() {
  const id = idFromQuery(useSearchParams().get('id'));
  const file = useCall(judicialApi.detail, { id: id ?? 0 }, { enabled: id !== null, quiet: true });
  if (id === null || file.isError) return <Missing />;
  if (file.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return <CaseFile file={file.data.data} />;
}

function Missing() {
  return (
    <Card>
      <Result
        status="404"
        title="未找到该司法查询记录"
        subTitle="记录不存在或不属于当前账号。"
        extra={
          <Link href="/userCenter/examine/list">
            <Button type="primary">返回查询列表</Button>
          </Link>
        }
      />
    </Card>
  );
}

export function CaseFile({ file }: { file: JudicialCaseFile }) {
  const s = file.summary;
  return (
    <div className={panel.page} data-testid="judicial-case-file">
      <Card
        title={`${file.interfaceName} · 查询详情`}
        extra={
          <Space size={4} wrap>
            <Link href={`/userCenter/examine/json?id=${file.id}`} data-testid="judicial-open-json">
              <Button size="small">原始数据</Button>
            </Link>
            <Link href="/userCenter/examine/list">
              <Button size="small">查询列表</Button>
            </Link>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="查询对象">
            <Tag>{file.subjectType === 'company' ? '企业' : '个人'}</Tag>
            <span data-testid="judicial-subject">{file.subject}</span>
          </Descriptions.Item>
          <Descriptions.Item label="查询时间">{dateTime(file.requestedAt)}</Descriptions.Item>
          <Descriptions.Item label="流水号">{file.seqNo || '—'}</Descriptions.Item>
          <Descriptions.Item label="返回">
            {file.code} {file.message}
          </Descriptions.Item>
          <Descriptions.Item label="是否计费">{file.charged ? '是' : '否'}</Descriptions.Item>
        </Descriptions>
        <Alert
          className={styles.headline}
          type={!file.succeeded ? 'error' : s.records > 0 || (s.riskScore ?? 0) > 0 ? 'warning' : 'success'}
          showIcon
          title={s.headline}
          data-testid="judicial-headline"
        />
      </Card>

      {file.succeeded ? (
        <>
          <div className={styles.summaryGrid}>
            <Card title="汇总">
              <div className={styles.stats}>
                {s.riskScore !== null ? (
                  <>
                    <Statistic title="风险评分" value={s.riskScore} suffix="/ 100" />
                    <Statistic title="风险等级" value={s.riskLevel || '—'} />
                  </>
                ) : (
                  <>
                    <Statistic title="记录数" value={s.records} suffix="条" />
                    <Statistic title="未结 / 已结" value={`${s.open} / ${s.closed}`} />
                    <Statistic title="涉及金额" value={s.totalAmount ? s.totalAmountText : '未披露'} />
                  </>
                )}
              </div>
              {s.byKind.length ? (
                <Space wrap size={[4, 4]}>
                  {s.byKind.map((k) => (
                    <Tag key={k.kind} color={k.count ? 'orange' : 'default'}>
                      {k.kind} {k.count}
                    </Tag>
                  ))}
                </Space>
              ) : null}
            </Card>
            <Card title={file.chart.title}>
              {file.chart.values.some((v) => v > 0) ? (
                <CaseChart chart={file.chart} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有可绘制的数据" />
              )}
            </Card>
          </div>

          {file.records.length ? (
            <Card title={`案件记录（${file.records.length}）`}>
              <div className={styles.records}>
                {file.records.map((r) => (
                  <RecordCard key={`${r.caseNo}-${r.date}-${r.court}`} record={r} />
                ))}
              </div>
            </Card>
          ) : null}

          <Card title="时间线">
            {file.timeline.length ? (
              <Timeline
                items={file.timeline.map((e) => ({
                  color: e.open === true ? 'red' : e.open === false ? 'green' : 'gray',
                  content: (
                    <div>
                      <strong>{e.date}</strong> {e.label}
                      {e.caseNo ? <div className={panel.sub}>{[e.caseNo, e.court].filter(Boolean).join(' · ')}</div> : null}
                    </div>
                  ),
                }))}
                data-testid="judicial-timeline"
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有带日期的记录" />
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}

function RecordCard({ record: r }: { record: JudicialRecord }) {
  return (
    <section className={styles.record} data-testid="judicial-record">
      <div className={styles.recordHead}>
        <span className={styles.caseNo}>{r.caseNo || '案号未披露'}</span>
        <Tag color={statusColor(r.open)}>{r.status}</Tag>
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="法院">{r.court || '—'}</Descriptions.Item>
        <Descriptions.Item label={`${r.dateLabel}日期`}>{r.date || '—'}</Descriptions.Item>
        {r.cause ? <Descriptions.Item label="案由">{r.cause}</Descriptions.Item> : null}
        {r.caseType ? <Descriptions.Item label="案件类型">{r.caseType}</Descriptions.Item> : null}
        <Descriptions.Item label="当事人">
          {r.parties.map((p) => (
            <span key={`${p.name}-${p.role}`} className={styles.party}>
              {p.name}（{p.role}）
            </span>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label="金额">{r.amountText}</Descriptions.Item>
        {r.details
          .filter((d) => d.label !== '案件类型')
          .map((d) => (
            <Descriptions.Item key={d.label} label={d.label}>
              {d.value}
            </Descriptions.Item>
          ))}
      </Descriptions>
    </section>
  );
}
