'use client';
// 账户流水 (issue #19): every movement of the account's money, newest first, with the balance after
// it as the server recorded it — so, with no filter, the top row's 余额 is the balance card above.
// Kind, China days and a number (order, transfer or 流水号) filter it; the filters live in the
// address, and 导出 Excel downloads the same filters as the server's xlsx.
import { DownloadOutlined } from '@ant-design/icons';
import { chinaDay, formatFen, LEDGER_KIND_LABEL, LEDGER_KINDS, type LedgerKind, ledgerApi, type LedgerRow } from '@apimarket/contracts';
import { Button, DatePicker, Form, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Link from 'next/link';
import { useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { toastFailure, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';
import styles from './ledger.module.css';

/** Money in reads green, money out in the plain text colour (finance reads the sign, not the hue). */
const KIND_COLOR: Record<LedgerKind, string> = {
  recharge: 'success',
  payment: 'success',
  purchase: 'blue',
  renewal: 'blue',
  paytest: 'purple',
  paytest_expiry: 'default',
  refund: 'gold',
  adjust: 'default',
};

interface FormValues {
  kind?: LedgerKind;
  range?: [Dayjs, Dayjs] | null;
  orderNo?: string;
}

const FILTERS = { kind: '', startDate: '', endDate: '', orderNo: '' };

export function LedgerTab() {
  const list = usePagedList(ledgerApi.ledger, { inUrl: true, filters: FILTERS, pageSize: 20, quiet: true });
  const { filters } = list;
  const [form] = Form.useForm<FormValues>();
  const [exporting, setExporting] = useState(false);
  const filtered = Object.values(filters).some((v) => v);

  const exportLedger = async () => {
    setExporting(true);
    try {
      // The whole filter, not a page: the paging fields are there for the schema and ignored.
      const file = await request(ledgerApi.ledger, { ...filters, export: '1', pageNum: 1, pageSize: 20 });
      if (file instanceof Blob) saveBlob(file, `账户流水-${chinaDay().replaceAll('-', '')}.xlsx`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setExporting(false);
    }
  };

  const clear = () => {
    form.setFieldsValue({ kind: undefined, range: null, orderNo: '' });
    list.setFilters(FILTERS);
  };

  const columns: TableColumnsType<LedgerRow> = [
    { title: '流水号', dataIndex: 'ledgerNo', key: 'ledgerNo', width: 170, render: (v: string) => <span className={styles.mono}>{v}</span> },
    { title: '时间', key: 'createdAt', width: 170, render: (_, r) => <span className={styles.nowrap}>{dateTime(r.createdAt)}</span> },
    { title: '类型', key: 'kind', width: 120, render: (_, r) => <Tag color={KIND_COLOR[r.kind]}>{r.kindLabel}</Tag> },
    { title: '关联单号', key: 'orderNo', width: 190, render: (_, r) => (r.orderNo ? <span className={styles.mono}>{r.orderNo}</span> : '—') },
    { title: '说明', dataIndex: 'note', key: 'note' },
    {
      title: '收入（元）',
      key: 'credit',
      className: styles.nowrap,
      align: 'right',
      width: 120,
      render: (_, r) => (r.amountFen > 0 ? <span className={styles.credit}>+{formatFen(r.amountFen)}</span> : null),
    },
    {
      title: '支出（元）',
      key: 'debit',
      className: styles.nowrap,
      align: 'right',
      width: 120,
      render: (_, r) => (r.amountFen < 0 ? <span className={styles.debit}>−{formatFen(-r.amountFen)}</span> : null),
    },
    {
      title: '余额（元）',
      key: 'after',
      className: styles.nowrap,
      align: 'right',
      width: 130,
      render: (_, r) => (
        <span className={styles.amount} data-testid="ledger-balance">
          {formatFen(r.balanceAfterFen)}
        </span>
      ),
    },
  ];

  const initial: FormValues = {
    kind: LEDGER_KINDS.find((k) => k === filters.kind),
    range: filters.startDate && filters.endDate ? [dayjs(filters.startDate), dayjs(filters.endDate)] : null,
    orderNo: filters.orderNo,
  };

  const empty = filtered ? (
    <EmptyState title="没有符合条件的流水" text="换个类型、日期或单号试试。" action={<Button onClick={clear}>清除筛选</Button>} testId="ledger-empty" />
  ) : (
    <EmptyState
      title="还没有账户流水"
      text="充值到账、购买接口、自动续费、退款等每一笔资金变动都会记在这里，并写明变动后的余额。"
      action={
        <Link href="/userCenter/paymentManage/myOrder?tab=recharge">
          <Button type="primary">去充值</Button>
        </Link>
      }
      testId="ledger-empty"
    />
  );

  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={initial}
        onFinish={(v: FormValues) =>
          list.setFilters({
            kind: v.kind ?? '',
            startDate: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
            endDate: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
            orderNo: v.orderNo?.trim() ?? '',
          })
        }
        className={panel.filters}
      >
        <Form.Item name="kind" label="类型">
          <Select allowClear placeholder="全部" style={{ width: 140 }} options={LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_LABEL[k] }))} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="orderNo" label="单号">
          <Input allowClear placeholder="订单号 / 转账流水号 / 流水号" maxLength={64} style={{ width: 240 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查 询
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportLedger()}>
            导出 Excel
          </Button>
        </Space>
      </Form>
      <ListTable<LedgerRow> rowKey="id" columns={columns} list={list} scrollX={1100} empty={empty} scrollWhenEmpty data-testid="ledger-table" />
    </>
  );
}
