'use client';
// 发票管理: invoice requests by status (待开票 first, then 待红冲) with their counts, a search over
// login name, title, tax number and invoice number, and the drawer where finance issues a request
// (number, date, PDF) or rejects it with a reason, beside the member's figures — what they spent,
// got back and have invoiced — and their other invoices. A red-invoice requirement a refund left
// is completed from its drawer with the red invoice's number and PDF.
import {
  consoleInvoicesApi,
  formatFen,
  INVOICE_QUEUE,
  INVOICE_STATUS_LABEL,
  type InvoiceDetail,
  type InvoiceQueueRow,
  type InvoiceQueueStatus,
} from '@apimarket/contracts';
import { FilePdfOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Tag } from 'antd';
import { useState } from 'react';
import { TwoLines, timeColumn } from '@/components/console/ConsoleList';
import { FactsSection, outcomeItems, RowsSection, StatusTag, statusColumn } from '@/components/console/ReviewDrawer';
import { ReviewQueue } from '@/components/console/ReviewQueue';
import styles from '@/components/console/review.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { callKey, toastFailure } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';
import { IssueModal } from './IssueModal';

const STATUS_COLOR: Record<InvoiceQueueStatus, string> = {
  requested: 'processing',
  red_pending: 'warning',
  issued: 'success',
  red_done: 'default',
  rejected: 'error',
};

const LABELS = Object.fromEntries(INVOICE_QUEUE.map((s) => [s, INVOICE_STATUS_LABEL[s]])) as Record<InvoiceQueueStatus, string>;

const yuan = (r: { kind: string; amountFen: number }) => (r.kind === 'red' ? `-${formatFen(r.amountFen)}` : formatFen(r.amountFen));

export function InvoiceQueue() {
  return (
    <ReviewQueue<InvoiceDetail, InvoiceQueueRow, InvoiceQueueStatus>
      calls={consoleInvoicesApi}
      title="发票管理"
      hint="按客户实际消费开票：在开票系统开具后登记发票号码并上传 PDF；已开票后发生退款的，在「待红冲」中登记红字发票"
      statuses={INVOICE_QUEUE}
      labels={LABELS}
      noun="开票申请"
      waitingEmpty="暂无待开具的发票，客户在用户中心「发票管理」提交申请后会出现在这里"
      placeholder="登录账号 / 发票抬头 / 纳税人识别号 / 发票号码"
      decideLabel="开 票"
      exportName="发票记录"
      scrollX={1080}
      lead={{ title: '会员', dataIndex: 'loginName', width: 140 }}
      columns={[
        {
          title: '申请单号',
          key: 'requestNo',
          width: 190,
          render: (_, r) => (
            <TwoLines sub={r.kind === 'red' ? `退款 #${r.refundId ?? ''}` : r.typeLabel}>
              {r.kind === 'red' ? <Tag color="red">红冲</Tag> : null}
              {r.requestNo}
            </TwoLines>
          ),
        },
        { title: '发票抬头', key: 'title', render: (_, r) => <TwoLines sub={r.taxNo}>{r.companyName}</TwoLines> },
        { title: '金额（元）', key: 'amount', width: 120, align: 'right', render: (_, r) => <span className={styles.money}>{yuan(r)}</span> },
        timeColumn('申请时间', 'createdAt'),
        statusColumn(STATUS_COLOR),
      ]}
      review={{
        title: '开票申请',
        loadError: '开票申请详情加载失败，请稍后再试',
        after: (d, row) => ({ ...d, ...row }),
        approve: (d) => ({
          label: '开具发票',
          dialog: (open, close, send) => (
            <IssueModal
              open={open}
              id={d.id}
              red={false}
              amountFen={d.amountFen}
              companyName={d.companyName}
              onCancel={close}
              onSubmit={(f) => send({ decision: 'issue', ...f })}
            />
          ),
        }),
        reject: {
          title: '驳回开票申请',
          placeholder: '如：抬头与合同主体不一致，请修改抬头后重新申请',
          subject: (d) => `${d.loginName} 的开票申请 ${d.requestNo}（¥${formatFen(d.amountFen)}）`,
        },
      }}
    >
      {(detail) => <InvoiceDetails detail={detail} />}
    </ReviewQueue>
  );
}

function InvoiceDetails({ detail: loaded }: { detail: InvoiceDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  // A red requirement is completed here (the drawer's footer is for requests): its answer replaces the item.
  const [done, setDone] = useState<InvoiceQueueRow | null>(null);
  const [redOpen, setRedOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const shown: InvoiceDetail = done && done.id === loaded.id ? { ...loaded, ...done } : loaded;
  const red = shown.kind === 'red';
  const s = shown.summary;
  // Waiting and issued invoices together above what was spent net of refunds: a refund came after the request.
  const over = shown.status === 'requested' && s.invoicedFen > s.spentFen - s.refundedFen;

  const recordRed = async (fields: Record<string, string>) => {
    try {
      const res = await request(consoleInvoicesApi.decide, { id: shown.id, decision: 'issue', reason: '', ...fields });
      void message.success(res.msg);
      setDone(res.data.row);
      setRedOpen(false);
      await client.invalidateQueries({ queryKey: callKey(consoleInvoicesApi.list) });
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
      throw err;
    }
  };

  const download = async () => {
    setSaving(true);
    try {
      const file = await request(consoleInvoicesApi.pdf, { id: shown.id });
      if (file instanceof Blob) saveBlob(file, `${red ? '红字发票' : '发票'}-${shown.invoiceNo || shown.requestNo}.pdf`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {over ? (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title="客户的待开与已开发票合计已超出实际消费"
          description="申请后客户有退款。开具时将按现在的消费金额核对，超出时不能开具，请驳回并说明原因。"
        />
      ) : null}
      {red && shown.status === 'red_pending' ? (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title={`客户退款后，已开发票超出实际消费 ¥${formatFen(shown.amountFen)}`}
          description="请在开票系统开具红字发票冲销该金额，然后登记红字发票号码并上传 PDF。"
          action={
            <Button type="primary" size="small" onClick={() => setRedOpen(true)}>
              登记红字发票
            </Button>
          }
        />
      ) : null}
      <FactsSection
        title={red ? '红冲信息' : '开票信息'}
        items={[
          { key: 'no', label: '申请单号', children: shown.requestNo },
          { key: 'login', label: '会员', children: shown.loginName },
          { key: 'type', label: '发票类型', children: red ? `红字发票（冲销${shown.typeLabel}）` : shown.typeLabel },
          { key: 'title', label: '发票抬头', children: shown.companyName },
          { key: 'tax', label: '纳税人识别号', children: shown.taxNo },
          { key: 'addr', label: '地址、电话', children: `${shown.address} ${shown.phone}`.trim() || '—' },
          { key: 'bank', label: '开户行及账号', children: `${shown.bankName} ${shown.bankAccount}`.trim() || '—' },
          { key: 'amount', label: red ? '冲销金额' : '开票金额', children: <span className={styles.money}>¥{formatFen(shown.amountFen)}</span> },
          ...(shown.email ? [{ key: 'email', label: '接收邮箱', children: shown.email }] : []),
          ...(shown.refund
            ? [
                {
                  key: 'refund',
                  label: '来自退款',
                  children: `#${shown.refund.id} · 退回 ¥${formatFen(shown.refund.amountFen)} · ${dateTime(shown.refund.decidedAt)}`,
                },
              ]
            : []),
          { key: 'at', label: red ? '产生时间' : '申请时间', children: dateTime(shown.createdAt) },
          ...(shown.invoiceNo
            ? [
                { key: 'invoiceNo', label: red ? '红字发票号码' : '发票号码', children: shown.invoiceNo },
                { key: 'invoiceDate', label: '开票日期', children: shown.invoiceDate },
              ]
            : []),
          ...(shown.hasPdf
            ? [
                {
                  key: 'pdf',
                  label: '发票文件',
                  children: (
                    <Button size="small" icon={<FilePdfOutlined />} loading={saving} onClick={() => void download()}>
                      下载 PDF
                    </Button>
                  ),
                },
              ]
            : []),
          ...outcomeItems(STATUS_COLOR, shown, shown.status === 'rejected' ? shown.reason : ''),
        ]}
      />
      <FactsSection
        title="会员开票额度"
        items={[
          { key: 'spent', label: '累计消费', children: `¥${formatFen(s.spentFen)}` },
          { key: 'refunded', label: '已退款', children: `¥${formatFen(s.refundedFen)}` },
          { key: 'invoiced', label: '已开票及申请中（扣除红冲）', children: `¥${formatFen(s.invoicedFen)}` },
          { key: 'left', label: '可开票金额', children: `¥${formatFen(s.invoiceableFen)}` },
        ]}
      />
      <RowsSection<InvoiceQueueRow>
        title="该会员的其他发票"
        rows={shown.history}
        rowKey="id"
        scrollX={640}
        empty="该会员没有其他开票记录"
        columns={[
          timeColumn('申请时间', 'createdAt', 160),
          { title: '申请单号', dataIndex: 'requestNo', width: 180 },
          { title: '金额（元）', key: 'amount', width: 110, align: 'right', render: (_, r) => yuan(r) },
          { title: '状态', key: 'status', width: 100, render: (_, r) => <StatusTag colors={STATUS_COLOR} item={r} /> },
        ]}
      />
      {red ? (
        <IssueModal
          open={redOpen}
          id={shown.id}
          red
          amountFen={shown.amountFen}
          companyName={shown.companyName}
          onCancel={() => setRedOpen(false)}
          onSubmit={recordRed}
        />
      ) : null}
    </>
  );
}
