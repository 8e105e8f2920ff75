'use client';
// 开票申请: what may be invoiced (spent − refunded − already invoiced, as the server counts it), the
// request — a title, an amount up to that figure, the e-mail the finance desk sends the invoice
// to — and the requests with their state, the reason of a rejection and the PDF once issued. A
// refund after invoicing shows here as a 红冲 row, with the red invoice once finance has issued it.
import { DownloadOutlined } from '@ant-design/icons';
import { formatFen, fenToYuanInput, INVOICE_MSG, InvoiceRequestInput, type InvoiceRow, type InvoiceStatus, invoicesApi, yuanToFen } from '@apimarket/contracts';
import { Alert, App, Button, Form, Input, Select, Skeleton, Space, Statistic, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '@/components/user-center/ListTable';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { toastFailure, useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { zodRule } from '@/lib/form-rules';
import { dateTime } from '@/lib/format';
import styles from './invoice.module.css';

const COLOR: Record<InvoiceStatus, string> = { requested: 'processing', issued: 'success', rejected: 'error', red_pending: 'warning', red_done: 'default' };

type Values = { titleId: number; amount: string; email: string };

export function ApplyTab({ onAddTitle }: { onAddTitle: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const summary = useCall(invoicesApi.summary, undefined, { quiet: true });
  const titles = useCall(invoicesApi.titles, undefined, { quiet: true });
  const list = usePagedList(invoicesApi.list, { inUrl: true, pageSize: 20, quiet: true, fixed: {} });
  const [saving, setSaving] = useState<number | null>(null);
  const figures = summary.data?.data ?? null;
  const invoiceable = figures?.invoiceableFen ?? 0;
  const titleRows = titles.data?.rows ?? [];
  const defaultTitle = titleRows.find((t) => t.isDefault) ?? titleRows[0];

  const applying = useCallMutation(invoicesApi.request, {
    quiet: true,
    invalidates: [invoicesApi.list, invoicesApi.summary],
    onSuccess: (res) => {
      message.success(res.msg);
      form.resetFields(['amount']);
    },
  });

  const apply = (v: Values) =>
    applying.mutateAsync({ titleId: String(v.titleId), amount: v.amount, email: v.email }).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (!msg) return;
      const field = msg.includes('邮箱') ? 'email' : msg.includes('抬头') ? 'titleId' : 'amount';
      form.setFields([{ name: field, errors: [msg] }]);
    });

  const download = async (r: InvoiceRow) => {
    setSaving(r.id);
    try {
      const file = await request(invoicesApi.download, { id: r.id });
      if (file instanceof Blob) saveBlob(file, `${r.kind === 'red' ? '红字发票' : '发票'}-${r.invoiceNo || r.requestNo}.pdf`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setSaving(null);
    }
  };

  const columns: TableColumnsType<InvoiceRow> = [
    { title: '申请时间', key: 'createdAt', width: 160, render: (_, r) => dateTime(r.createdAt) },
    { title: '申请单号', dataIndex: 'requestNo', key: 'requestNo', width: 180 },
    {
      title: '发票',
      key: 'type',
      render: (_, r) => (
        <div>
          {r.kind === 'red' ? <Tag color="red">红冲</Tag> : null}
          {r.typeLabel}
          <div className={styles.sub}>{r.companyName}</div>
        </div>
      ),
    },
    {
      title: '金额（元）',
      key: 'amount',
      align: 'right',
      width: 120,
      render: (_, r) => <span className={styles.money}>{r.kind === 'red' ? `-${formatFen(r.amountFen)}` : formatFen(r.amountFen)}</span>,
    },
    {
      title: '状态',
      key: 'status',
      width: 200,
      render: (_, r) => (
        <div>
          <Tag color={COLOR[r.status]}>{r.statusLabel}</Tag>
          {r.reason ? <div className={styles.sub}>原因：{r.reason}</div> : null}
          {r.invoiceNo ? <div className={styles.sub}>发票号码 {r.invoiceNo}</div> : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_, r) =>
        r.hasPdf ? (
          <Button type="link" size="small" icon={<DownloadOutlined />} loading={saving === r.id} onClick={() => void download(r)}>
            下载 PDF
          </Button>
        ) : (
          <span className={styles.sub}>—</span>
        ),
    },
  ];

  return (
    <div className={styles.tab}>
      <section className={styles.figures} data-testid="invoice-summary">
        <Statistic
          styles={{ content: { color: 'var(--color-primary)' } }}
          title="可开票金额（元）"
          value={figures ? formatFen(invoiceable) : '—'}
          data-testid="invoiceable"
        />
        <Statistic title="累计消费（元）" value={figures ? formatFen(figures.spentFen) : '—'} />
        <Statistic title="已退款（元）" value={figures ? formatFen(figures.refundedFen) : '—'} />
        <Statistic title="已开票及申请中（元）" value={figures ? formatFen(figures.invoicedFen) : '—'} />
      </section>
      <p className={styles.hint}>
        按实际消费开票：购买接口、自动续费和付费测试的金额可开票，退款部分不开票；充值金额不开票。已开票后发生退款的，平台将开具红字发票冲销超出部分。
      </p>

      <section>
        <h3 className={styles.subtitle}>申请开票</h3>
        {titles.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : titleRows.length === 0 ? (
          <Alert
            type="info"
            showIcon
            title="请先添加发票抬头"
            description="开票前需要填写单位名称、纳税人识别号等开票信息。"
            action={
              <Button size="small" type="primary" onClick={onAddTitle}>
                添加抬头
              </Button>
            }
            data-testid="invoice-no-title"
          />
        ) : (
          <Form
            form={form}
            layout="vertical"
            onFinish={apply}
            className={styles.form}
            initialValues={{ titleId: defaultTitle?.id, email: list.rows.find((r) => r.kind === 'blue')?.email ?? '' }}
          >
            <Form.Item label="发票抬头" name="titleId" rules={[{ required: true, message: INVOICE_MSG.titleMissing }]}>
              <Select options={titleRows.map((t) => ({ value: t.id, label: `${t.companyName}（${t.typeLabel}）` }))} aria-label="发票抬头" />
            </Form.Item>
            <Form.Item label="开票金额（元）" required>
              <Space.Compact className={styles.amount}>
                <Form.Item
                  name="amount"
                  noStyle
                  rules={[
                    zodRule(InvoiceRequestInput.shape.amount),
                    {
                      validator: (_r, v: unknown) => {
                        const fen = typeof v === 'string' ? yuanToFen(v.trim()) : null;
                        return fen !== null && figures && fen > invoiceable
                          ? Promise.reject(new Error(INVOICE_MSG.amountOver(invoiceable)))
                          : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input inputMode="decimal" placeholder={`最多 ${formatFen(invoiceable)}`} maxLength={12} aria-label="开票金额" />
                </Form.Item>
                <Button disabled={invoiceable <= 0} onClick={() => form.setFieldsValue({ amount: fenToYuanInput(invoiceable) })}>
                  全部
                </Button>
              </Space.Compact>
            </Form.Item>
            <Form.Item label="接收邮箱" name="email" rules={[zodRule(InvoiceRequestInput.shape.email)]} required>
              <Input type="email" placeholder="财务收票邮箱，如 finance@example.com" maxLength={254} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={applying.isPending} disabled={!figures || invoiceable <= 0}>
              提交开票申请
            </Button>
            <p className={styles.hint}>
              {figures && invoiceable <= 0 ? '暂无可开票金额。' : ''}财务开具后将发送至接收邮箱，并通过站内信通知您，发票 PDF 也可在下方下载。
            </p>
          </Form>
        )}
      </section>

      <section>
        <h3 className={styles.subtitle}>开票记录</h3>
        <ListTable<InvoiceRow> rowKey="id" columns={columns} list={list} scrollX={900} scrollWhenEmpty empty="还没有开票申请" data-testid="invoice-list" />
      </section>
    </div>
  );
}
