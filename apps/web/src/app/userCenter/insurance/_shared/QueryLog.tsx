'use client';
// A model's query log (车队模型查询记录, 客车险查询记录) or the account's whole access history: the
// filters (model, plate or company, grade, period — kept in the address, so a view can be shared),
// the rows newest first, exported as xlsx with the same filters. Each row reopens its result on the
// model's screen (no new charge) and opens its log detail (访问日志).
import {
  INSURANCE_INTERFACES,
  INSURANCE_LIMITS,
  INSURANCE_MODEL_LABEL,
  INSURANCE_MODELS,
  type InsuranceModel,
  insuranceApi,
  type ModelQueryRow,
  type RiskGrade,
} from '@apimarket/contracts';
import { App, Button, Card, DatePicker, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Link from 'next/link';
import { useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import styles from './insurance.module.css';
import { accessLogHref, chinaTime, MODEL_HREF } from './insurance-words';
import { GRADE_OPTIONS, GradeTag } from './ScoreParts';

export type LogKind = 'fleet' | 'bus' | 'history';

const WORDS: Record<LogKind, { title: string; subject: string; placeholder: string; file: string; empty: string; model?: InsuranceModel }> = {
  fleet: {
    title: '车队模型查询记录',
    subject: '企业',
    placeholder: '企业名称或信用代码',
    file: '车队模型查询记录',
    empty: '为货运车队评分后，每次查询都会记在这里。',
    model: 'fleet',
  },
  bus: { title: '客车险查询记录', subject: '车牌', placeholder: '车牌号', file: '客车险查询记录', empty: '为客车评分后，每次查询都会记在这里。', model: 'bus' },
  history: {
    title: '访问记录',
    subject: '车牌或企业',
    placeholder: '车牌、企业名称或信用代码',
    file: '车险模型访问记录',
    empty: '使用货车、车队或客车模型评分后，每次查询都会记在这里。',
  },
};

/** Each call's own filter names, which the address keeps as they are. */
const SUBJECT_KEY: Record<LogKind, string> = { fleet: 'company', bus: 'plateNumber', history: 'subject' };
const PERIOD = { grade: '', startDate: '', endDate: '' };
const FILTERS: Record<LogKind, Record<string, string>> = {
  fleet: { company: '', ...PERIOD },
  bus: { plateNumber: '', ...PERIOD },
  history: { model: '', subject: '', ...PERIOD },
};

const callOf = (kind: LogKind) => (kind === 'fleet' ? insuranceApi.fleetLog : kind === 'bus' ? insuranceApi.busLog : insuranceApi.accessHistory);

export function QueryLog({ kind }: { kind: LogKind }) {
  const w = WORDS[kind];
  const { message } = App.useApp();
  const call = callOf(kind);
  const key = SUBJECT_KEY[kind];
  const shown = usePagedList<typeof call, Record<string, string>>(call, { filters: FILTERS[kind], inUrl: true, quiet: true });
  const f = shown.filters;
  const [subject, setSubject] = useState(f[key] ?? '');
  const [exporting, setExporting] = useState(false);
  const filtered = Object.values(f).some(Boolean);

  const exportRows = async () => {
    setExporting(true);
    try {
      const blob = await request(call, { ...Object.fromEntries(Object.entries(f).filter(([, v]) => v)), export: 1 });
      if (blob instanceof Blob) saveBlob(blob, `${w.file}-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const range: [Dayjs | null, Dayjs | null] | null =
    f.startDate || f.endDate ? [f.startDate ? dayjs(f.startDate) : null, f.endDate ? dayjs(f.endDate) : null] : null;

  const columns: TableColumnsType<ModelQueryRow> = [
    { title: '查询时间', key: 'at', width: 140, render: (_, r) => <span className={styles.muted}>{chinaTime(r.createdAt)}</span> },
    ...(kind === 'history'
      ? [
          {
            title: '模型',
            key: 'model',
            width: 150,
            render: (_: unknown, r: ModelQueryRow) => (
              <div>
                {r.modelLabel || INSURANCE_MODEL_LABEL[r.model]}
                <div className={panel.sub}>接口 {r.interfaceId}</div>
              </div>
            ),
          },
        ]
      : []),
    { title: w.subject, key: 'subject', render: (_, r) => <span className={styles.subjectCell}>{r.subject}</span> },
    {
      title: '评分',
      key: 'score',
      width: 150,
      render: (_, r) =>
        r.success && r.score !== null ? (
          <Space size={6}>
            <strong>{r.score}</strong>
            <GradeTag grade={r.grade} label={r.gradeLabel} />
          </Space>
        ) : (
          <Tag color="warning">未评分（{r.code || '—'}）</Tag>
        ),
    },
    { title: '地区', key: 'province', width: 80, render: (_, r) => r.province || '—' },
    { title: '计费', key: 'charged', width: 64, render: (_, r) => (r.charged ? '是' : '否') },
    { title: '操作人', key: 'operator', width: 130, render: (_, r) => <span className={styles.subjectCell}>{r.operator}</span> },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {r.success ? (
            <Link href={`${MODEL_HREF[r.model]}?id=${r.id}`} className={styles.rowLink}>
              查看结果
            </Link>
          ) : null}
          <Link href={accessLogHref(r.id)} className={styles.rowLink} data-testid={`log-open-${r.id}`}>
            日志
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={w.title}
      extra={
        <Button size="small" onClick={() => void exportRows()} loading={exporting} disabled={shown.total === 0} data-testid="log-export">
          导出
        </Button>
      }
      data-testid={`log-${kind}`}
    >
      <div className={styles.filters}>
        {kind === 'history' ? (
          <Select
            value={f.model || undefined}
            allowClear
            placeholder="全部模型"
            className={styles.filterModel}
            options={INSURANCE_MODELS.map((m) => ({ value: m, label: `${INSURANCE_MODEL_LABEL[m]}（${INSURANCE_INTERFACES[m]}）` }))}
            onChange={(v?: string) => shown.setFilters({ model: v ?? '' })}
            aria-label="按模型筛选"
            data-testid="log-filter-model"
          />
        ) : null}
        <div className={styles.filterSubject}>
          <Input.Search
            allowClear
            placeholder={w.placeholder}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            onSearch={(v) => shown.setFilters({ [key]: v.trim() })}
            maxLength={INSURANCE_LIMITS.companyChars}
            aria-label={`按${w.subject}筛选`}
            data-testid="log-filter-subject"
          />
        </div>
        <Select
          value={(f.grade || undefined) as RiskGrade | undefined}
          allowClear
          placeholder="全部等级"
          className={styles.filterGrade}
          options={GRADE_OPTIONS}
          onChange={(v?: string) => shown.setFilters({ grade: v ?? '' })}
          aria-label="按风险等级筛选"
        />
        <DatePicker.RangePicker
          value={range}
          allowEmpty={[true, true]}
          className={styles.filterRange}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(r) => shown.setFilters({ startDate: r?.[0]?.format('YYYY-MM-DD') ?? '', endDate: r?.[1]?.format('YYYY-MM-DD') ?? '' })}
          placeholder={['开始日期', '结束日期']}
        />
        <span className={panel.sub} data-testid="log-count">
          共 {shown.total.toLocaleString('zh-CN')} 条
        </span>
      </div>
      <ListTable<ModelQueryRow>
        list={shown}
        rowKey="id"
        columns={columns}
        scrollX={kind === 'history' ? 980 : 830}
        failedText={shown.error ? serverMessage(shown.error) || '查询记录暂时无法读取，请稍后刷新' : '查询记录暂时无法读取，请稍后刷新'}
        empty={
          <EmptyState
            title={filtered ? '没有符合条件的查询记录' : '还没有查询记录'}
            text={filtered ? '换个条件再试，或清除筛选查看全部记录。' : w.empty}
            action={
              !filtered && w.model ? (
                <Link href={MODEL_HREF[w.model]}>
                  <Button type="primary">去评分</Button>
                </Link>
              ) : undefined
            }
          />
        }
      />
    </Card>
  );
}
