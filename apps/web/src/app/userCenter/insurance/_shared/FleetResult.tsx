'use client';
// A scored fleet company (9964), as its model screen and the access log show it: the fleet's score
// and grade, its vehicles (registered, evaluated, high-risk share), its vehicles by grade, the factors.
import { type FleetScore, RISK_GRADE_LABEL } from '@apimarket/contracts';
import { Card } from 'antd';
import styles from './insurance.module.css';
import { GRADE_COLOR, percent } from './insurance-words';
import { FactorTable, FailedResult, receiptFacts, ScoreHead } from './ScoreParts';

export function FleetResult({ result }: { result: FleetScore }) {
  const name = result.companyName || result.subject;
  if (!result.success || result.score === null || result.grade === null) {
    return (
      <Card title={`评分结果 · ${name}`} data-testid="fleet-result">
        <FailedResult message={result.message} code={result.code} charged={result.charged} check="企业名称或统一社会信用代码" />
      </Card>
    );
  }
  const evaluated = Math.max(1, result.evaluatedCount);
  return (
    <>
      <Card title="车队评分结果" data-testid="fleet-result">
        <ScoreHead
          fleet
          score={result.score}
          grade={result.grade}
          gradeLabel={result.gradeLabel}
          subject={
            <span className={styles.subjectLine}>
              <strong>{name}</strong>
              <span className={styles.muted}>
                {result.creditCode ? `统一社会信用代码 ${result.creditCode}` : ''}
                {result.province ? ` · ${result.province}` : ''}
              </span>
            </span>
          }
          topFactors={result.topFactors}
          facts={receiptFacts(result)}
        />
      </Card>
      <Card title="车队构成">
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>营运车辆</dt>
            <dd data-testid="fleet-vehicles">{result.vehicleCount.toLocaleString('zh-CN')} 辆</dd>
          </div>
          <div className={styles.figure}>
            <dt>参与评分</dt>
            <dd>{result.evaluatedCount.toLocaleString('zh-CN')} 辆</dd>
          </div>
          <div className={styles.figure}>
            <dt>高风险车辆占比（D、E 级）</dt>
            <dd data-testid="fleet-high-risk">{percent(result.highRiskRatio)}</dd>
          </div>
        </dl>
        <div className={styles.distribution} data-testid="fleet-distribution">
          {result.gradeDistribution.map((g) => (
            <div key={g.grade} className={styles.distRow}>
              <span className={styles.distLabel}>
                {g.grade} · {g.gradeLabel || RISK_GRADE_LABEL[g.grade]}
              </span>
              <span className={styles.distBar}>
                <span style={{ width: `${Math.round((g.count / evaluated) * 100)}%`, background: GRADE_COLOR[g.grade] }} />
              </span>
              <span className={styles.distCount}>
                {g.count.toLocaleString('zh-CN')} 辆 · {percent(g.count / evaluated)}
              </span>
            </div>
          ))}
        </div>
      </Card>
      <Card title="风险因子" extra={<span className={styles.muted}>贡献越高，越是推高评分的原因</span>}>
        <FactorTable factors={result.factors} />
      </Card>
    </>
  );
}
