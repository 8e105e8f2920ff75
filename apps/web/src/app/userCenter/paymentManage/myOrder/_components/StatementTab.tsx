'use client';
// 对账单 (issue #19): one China calendar month as a finance person reads it — the company, the
// period, the opening balance, each kind of movement with its count, money in and money out, the
// totals and the closing balance — and the same statement as an xlsx or PDF file. The month is
// kept in the address (?month=YYYY-MM) so a statement can be bookmarked; no month not begun.
import { FilePdfOutlined, FileExcelOutlined } from '@ant-design/icons';
import { chinaDay, formatFen, ledgerApi, type Statement, type StatementLine, type StatementSubLine } from '@apimarket/contracts';
import { Alert, Button, DatePicker, Descriptions, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { toastFailure, useCall } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import styles from './ledger.module.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Money out as finance writes it under a 支出 heading: the amount, no sign. */
const out = (fen: number) => formatFen(-fen);

export function StatementTab() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // The China month, not the browser's: a statement's month is the platform's.
  const current = chinaDay().slice(0, 7);
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : current;
  const loaded = useCall(ledgerApi.statement, { month }, { quiet: true });
  const statement = loaded.data?.data ?? null;
  const [saving, setSaving] = useState<'xlsx' | 'pdf' | null>(null);

  const pick = (d: Dayjs | null) => {
    const q = new URLSearchParams(params.toString());
    const next = d ? d.format('YYYY-MM') : current;
    if (next === current) q.delete('month');
    else q.set('month', next);
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  };

  const download = async (format: 'xlsx' | 'pdf') => {
    setSaving(format);
    try {
      const file = await request(ledgerApi.statement, { month, format });
      if (file instanceof Blob) saveBlob(file, `对账单-${month}.${format}`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setSaving(null);
    }
  };

  const failed = loaded.isError ? (serverMessage(loaded.error) ?? '对账单暂时无法加载，请稍后重试') : '';

  return (
    <div className={styles.statement}>
      <div className={styles.bar}>
        <Space wrap>
          <span>对账月份</span>
          <DatePicker
            picker="month"
            value={dayjs(`${month}-01`)}
            onChange={pick}
            allowClear={false}
            // No month that has not begun: it has no statement yet.
            disabledDate={(d) => d.format('YYYY-MM') > current}
            aria-label="对账月份"
          />
        </Space>
        <Space wrap>
          <Button icon={<FileExcelOutlined />} loading={saving === 'xlsx'} disabled={!statement} onClick={() => void download('xlsx')}>
            下载 Excel
          </Button>
          <Button icon={<FilePdfOutlined />} loading={saving === 'pdf'} disabled={!statement} onClick={() => void download('pdf')}>
            下载 PDF
          </Button>
        </Space>
      </div>
      {failed ? (
        <Alert type="warning" showIcon title={failed} data-testid="statement-refused" />
      ) : statement ? (
        <StatementView s={statement} running={month === current} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </div>
  );
}

type Line = StatementLine | { kind: 'total'; label: string; count: number; creditFen: number; debitFen: number };

function StatementView({ s, running }: { s: Statement; running: boolean }) {
  const columns: TableColumnsType<Line> = [
    { title: '类型', dataIndex: 'label', key: 'label', className: styles.nowrap },
    { title: '笔数', dataIndex: 'count', key: 'count', align: 'right', className: styles.nowrap },
    // The unit is said once above the table, as on a printed statement: the columns then fit a phone.
    {
      title: '收入',
      key: 'credit',
      align: 'right',
      className: styles.nowrap,
      render: (_, l) => <span className={styles.amount}>{formatFen(l.creditFen)}</span>,
    },
    { title: '支出', key: 'debit', align: 'right', className: styles.nowrap, render: (_, l) => <span className={styles.amount}>{out(l.debitFen)}</span> },
  ];
  const rows: Line[] = [...s.lines, { kind: 'total', label: '合计', count: s.rows, creditFen: s.creditFen, debitFen: s.debitFen }];

  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 3 }}
        items={[
          { key: 'company', label: '单位名称', children: s.companyName || '—' },
          { key: 'period', label: '对账期间', children: `${s.firstDay} 至 ${s.lastDay}` },
          {
            key: 'opening',
            label: '期初余额（元）',
            children: (
              <span className={styles.amount} data-testid="statement-opening">
                {formatFen(s.openingFen)}
              </span>
            ),
          },
        ]}
      />
      <Table<Line>
        rowKey="kind"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        // The totals stand out; a kind with no movement this month recedes (kept, so months compare line by line).
        rowClassName={(l) => (l.kind === 'total' ? (styles.total ?? '') : l.count === 0 ? (styles.idle ?? '') : '')}
        scroll={{ x: 'max-content' }}
        title={() => <span className={styles.unit}>按类型汇总（金额单位：元）</span>}
        data-testid="statement-lines"
      />
      <div className={styles.closing}>
        <span className={styles.closingLabel}>期末余额（元）</span>
        <span className={styles.closingValue} data-testid="statement-closing">
          {formatFen(s.closingFen)}
        </span>
      </div>
      <p className={styles.check}>
        {s.rows === 0 ? '该月没有资金变动，期末余额与期初余额相同。' : null}
        期初余额 {formatFen(s.openingFen)} + 收入 {formatFen(s.creditFen)} − 支出 {out(s.debitFen)} = 期末余额 {formatFen(s.closingFen)}
        {running ? '（北京时间，本月截至今日）' : '（北京时间）'}
      </p>
      {s.subAccounts.length > 0 ? (
        <Table<StatementSubLine>
          rowKey="subAccountId"
          size="small"
          columns={SUB_COLUMNS}
          dataSource={s.subAccounts}
          pagination={false}
          scroll={{ x: 'max-content' }}
          title={() => <span className={styles.unit}>子账号用量（已购套餐内的调用，按单价折算，不另扣余额；金额单位：元）</span>}
          data-testid="statement-subaccounts"
        />
      ) : null}
    </>
  );
}

const SUB_COLUMNS: TableColumnsType<StatementSubLine> = [
  { title: '子账号', key: 'name', className: styles.nowrap, render: (_, u) => `${u.loginName}${u.contacter ? `（${u.contacter}）` : ''}` },
  { title: '部门/子公司', key: 'dept', render: (_, u) => u.subCompanyName || '—' },
  { title: '计费次数', key: 'calls', align: 'right', className: styles.nowrap, render: (_, u) => u.chargedCalls.toLocaleString('zh-CN') },
  { title: '金额', key: 'cost', align: 'right', className: styles.nowrap, render: (_, u) => <span className={styles.amount}>{formatFen(u.costFen)}</span> },
];
