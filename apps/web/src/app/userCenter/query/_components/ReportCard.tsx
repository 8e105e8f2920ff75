'use client';
// One query's answers: each interface's result in the verification wording (spec 01 §9), its
// code, its seqNo (the receipt's order number) and whether it was charged, with the data the
// interface returned one click away.
import { type QueryItemView, type QueryReportView, RECEIPT_TYPE } from '@apimarket/contracts';
import { Card, Collapse, Descriptions, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ReceiptActions } from '@/components/receipts/ReceiptActions';
import panel from '@/components/user-center/panel.module.css';
import { dateTime } from '@/lib/format';
import { verdictColor } from './query-form';
import styles from './query.module.css';

export function ReportCard({ report, title, extra, bare = false }: { report: QueryReportView; title: string; extra?: ReactNode; bare?: boolean }) {
  const body = (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        className={styles.reportHead}
        items={[
          { key: 'subject', label: '查询对象', children: report.subject || '—' },
          { key: 'kind', label: '查询类型', children: report.kindLabel },
          { key: 'time', label: '查询时间', children: dateTime(report.createdAt) },
        ]}
      />
      <div className={styles.answers} data-testid="query-report">
        {report.items.map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </div>
    </>
  );
  if (bare) return body;
  return (
    <Card title={title} extra={extra}>
      {body}
    </Card>
  );
}

/** The receipts of one report: the zip and the pages are named by its kind and its masked subject. */
export function ReportReceipts({ report }: { report: QueryReportView }) {
  return (
    <ReceiptActions
      type={RECEIPT_TYPE.report}
      id={report.id}
      jobName={report.subject ? `${report.kindLabel}-${report.subject}` : report.kindLabel}
      totalCount={report.items.length}
    />
  );
}

function ItemRow({ item }: { item: QueryItemView }) {
  return (
    <section className={styles.answer}>
      <header className={styles.answerHead}>
        <strong>{item.interfaceName}</strong>
        <Tag color={verdictColor(item)} className={styles.verdict} data-testid="query-verdict">
          {item.verdict}
        </Tag>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>返回码</dt>
          <dd>
            {item.code} {item.code === '10000' ? null : <span className={panel.sub}>{item.message}</span>}
          </dd>
        </div>
        <div>
          <dt>流水号</dt>
          <dd>
            <Typography.Text copyable={{ tooltips: ['复制流水号', '已复制'] }} className={styles.mono}>
              {item.seqNo}
            </Typography.Text>
          </dd>
        </div>
        <div>
          <dt>计费</dt>
          <dd>{item.charged ? '扣减 1 次' : '未扣减'}</dd>
        </div>
        <div>
          <dt>耗时</dt>
          <dd>{item.latencyMs.toLocaleString('zh-CN')} ms</dd>
        </div>
      </dl>
      {item.data === null || item.data === undefined ? null : (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'data',
              label: '返回数据',
              children: <pre className={`${panel.codeBlock} ${styles.json}`}>{JSON.stringify(item.data, null, 2)}</pre>,
            },
          ]}
        />
      )}
    </section>
  );
}
