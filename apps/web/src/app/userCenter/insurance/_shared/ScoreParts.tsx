'use client';
// The parts every model result shows alike: the score with its grade on the A–E scale, the model's
// own words for its main factors, the factors as a table with their level and share of the score,
// and the query's receipt (流水号, time, charged). A failed answer says so, calmly, and that it was not charged.
import { FACTOR_LEVEL_LABEL, type FactorLevel, INSURANCE_MSG, RISK_GRADE_LABEL, RISK_GRADES, type RiskFactor, type RiskGrade } from '@apimarket/contracts';
import { Alert, Table, type TableColumnsType, Tag } from 'antd';
import type { ReactNode } from 'react';
import styles from './insurance.module.css';
import { chinaTime, gradeAdvice, GRADE_COLOR, GRADE_TAG, percent } from './insurance-words';

/** The grade as a coloured badge with its words: 「D · 较高风险」. */
export function GradeTag({ grade, label }: { grade: RiskGrade | null; label?: string }) {
  if (!grade) return <Tag>未评分</Tag>;
  return (
    <Tag color={GRADE_TAG[grade]} className={styles.gradeTag} data-testid="grade-tag">
      {grade} · {label || RISK_GRADE_LABEL[grade]}
    </Tag>
  );
}

const BANDS: Array<{ grade: RiskGrade; from: number; to: number }> = [
  { grade: 'A', from: 0, to: 30 },
  { grade: 'B', from: 30, to: 40 },
  { grade: 'C', from: 40, to: 60 },
  { grade: 'D', from: 60, to: 80 },
  { grade: 'E', from: 80, to: 100 },
];

/** The score (0–100, higher riskier) as a big number, its grade, and where it sits on the A–E scale. */
export function ScoreHead({
  score,
  grade,
  gradeLabel,
  subject,
  facts,
  topFactors,
  fleet = false,
}: {
  fleet?: boolean;
  score: number;
  grade: RiskGrade;
  gradeLabel: string;
  subject: ReactNode;
  facts: Array<{ label: string; value: ReactNode }>;
  topFactors: string[];
}) {
  const at = Math.max(0, Math.min(100, score));
  return (
    <div className={styles.scoreHead} data-testid="score-head">
      <div className={styles.scoreBox}>
        <span className={styles.scoreLabel}>风险评分</span>
        <span className={styles.score} style={{ color: GRADE_COLOR[grade] }} data-testid="score-value">
          {score}
        </span>
        <GradeTag grade={grade} label={gradeLabel} />
      </div>
      <div className={styles.scoreBody}>
        <div className={styles.subject}>{subject}</div>
        <p className={styles.advice}>{gradeAdvice(grade, fleet)}</p>
        <div className={styles.scale} role="img" aria-label={`评分 ${score}，位于 ${grade} 级（${gradeLabel}）区间；分数越高风险越高`}>
          {BANDS.map((b) => (
            <span
              key={b.grade}
              className={b.grade === grade ? `${styles.band} ${styles.bandOn}` : styles.band}
              style={{ flexGrow: b.to - b.from, background: GRADE_COLOR[b.grade] }}
            >
              {b.grade}
            </span>
          ))}
          <span className={styles.pin} style={{ left: `${at}%` }} aria-hidden="true" />
        </div>
        <div className={styles.scaleText}>
          <span>0 低风险</span>
          <span>分数越高风险越高</span>
          <span>100 高风险</span>
        </div>
        {topFactors.length ? (
          <div className={styles.topFactors}>
            <span className={styles.factsLabel}>主要风险因子</span>
            {topFactors.map((t) => (
              <Tag key={t} className={styles.topTag}>
                {t}
              </Tag>
            ))}
          </div>
        ) : null}
        <dl className={styles.facts}>
          {facts.map((f) => (
            <div key={f.label} className={styles.fact}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

const LEVEL_TAG: Record<FactorLevel, string> = { high: 'error', medium: 'warning', low: 'success' };

/** The factors behind the score: the figure, how much it pushes the score up, and its share of it. */
export function FactorTable({ factors }: { factors: RiskFactor[] }) {
  const sorted = [...factors].sort((a, b) => b.contribution - a.contribution);
  const columns: TableColumnsType<RiskFactor> = [
    { title: '风险因子', dataIndex: 'name', key: 'name', width: 130 },
    { title: '指标', dataIndex: 'display', key: 'display' },
    {
      title: '风险程度',
      key: 'level',
      width: 96,
      render: (_, f) => <Tag color={LEVEL_TAG[f.level]}>{f.levelLabel || FACTOR_LEVEL_LABEL[f.level]}</Tag>,
    },
    {
      title: '对评分的贡献',
      key: 'contribution',
      width: 200,
      render: (_, f) => (
        <div className={styles.contribution}>
          <span className={styles.contributionBar}>
            <span style={{ width: `${Math.round(Math.min(1, f.contribution) * 100)}%` }} className={styles[`bar_${f.level}`]} />
          </span>
          <span className={styles.contributionText}>{percent(f.contribution)}</span>
        </div>
      ),
    },
  ];
  return (
    <Table<RiskFactor>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={sorted}
      pagination={false}
      scroll={{ x: 560 }}
      data-testid="factor-table"
      locale={{ emptyText: '模型没有返回风险因子' }}
    />
  );
}

/** The query's receipt: 流水号, time, operator, charged or not. */
export function receiptFacts(r: { seqNo: string; createdAt: string; operator: string; charged: boolean }) {
  return [
    { label: '查询时间', value: chinaTime(r.createdAt) },
    { label: '流水号', value: <span className={styles.mono}>{r.seqNo || '—'}</span> },
    { label: '操作人', value: r.operator || '—' },
    { label: '计费', value: r.charged ? '已计费 1 次' : '未计费' },
  ];
}

/** A query the model did not score: what it said, and that nothing was charged. */
export function FailedResult({ message, code, charged, check }: { message: string; code: string; charged: boolean; check: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="score-failed"
      title={charged ? message || '模型未返回评分' : INSURANCE_MSG.failed}
      description={`模型应答：${message || '无'}（${code || '—'}）。该查询已记入查询记录，可核对${check}后重试。`}
    />
  );
}

/** The grades in order, for the filters. */
export const GRADE_OPTIONS = RISK_GRADES.map((g) => ({ value: g, label: `${g} · ${RISK_GRADE_LABEL[g]}` }));
