'use client';
// 开具发票 / 登记红字发票: the invoice's number and date and its PDF (checked here by name and size,
// on the server by its first bytes). The PDF goes up first; the decision names what was stored.
import { CONSOLE_INVOICE_MSG, chinaDay, consoleInvoicesApi, formatFen, INVOICE_NO, INVOICE_PDF } from '@apimarket/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormDialog } from '@/components/console/FormDialog';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';

export interface IssueFields {
  invoiceNo: string;
  invoiceDate: string;
  fileKey: string;
  [key: string]: string;
}

type Values = { invoiceNo: string; invoiceDate: Dayjs; file: UploadFile[] };

export function IssueModal({
  open,
  id,
  red,
  amountFen,
  companyName,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  id: number;
  red: boolean;
  amountFen: number;
  companyName: string;
  onCancel: () => void;
  /** Sends the decision with the stored PDF; the dialog stays open when it throws. */
  onSubmit: (fields: IssueFields) => Promise<void>;
}) {
  const [uploadError, setUploadError] = useState('');
  const today = chinaDay();

  const submit = async (v: Values) => {
    const file = v.file?.[0]?.originFileObj;
    if (!file) throw new Error(CONSOLE_INVOICE_MSG.pdf);
    setUploadError('');
    let fileKey: string;
    try {
      fileKey = (await request(consoleInvoicesApi.upload, { id }, { files: { file } })).data.fileKey;
    } catch (err) {
      setUploadError(serverMessage(err) ?? '发票文件上传失败，请稍后重试');
      throw err;
    }
    await onSubmit({ invoiceNo: v.invoiceNo.trim(), invoiceDate: v.invoiceDate.format('YYYY-MM-DD'), fileKey });
  };

  return (
    <FormDialog<Values>
      open={open}
      title={red ? '登记红字发票' : '开具发票'}
      okText={red ? '登记红冲' : '确认开具'}
      intro={
        red
          ? `请先在开票系统为「${companyName}」开具红字发票 ¥${formatFen(amountFen)}，再登记其号码并上传 PDF；客户将收到站内信并可下载。`
          : `请先在开票系统开具发票（抬头「${companyName}」，金额 ¥${formatFen(amountFen)}），再登记号码、日期并上传 PDF；客户将收到站内信并可下载。`
      }
      onCancel={onCancel}
      onSubmit={submit}
    >
      <Form.Item
        name="invoiceNo"
        label={red ? '红字发票号码' : '发票号码'}
        rules={[
          {
            validator: async (_r, v: unknown) =>
              typeof v === 'string' && INVOICE_NO.test(v.trim()) ? undefined : Promise.reject(new Error(CONSOLE_INVOICE_MSG.invoiceNo)),
          },
        ]}
        required
      >
        <Input inputMode="numeric" maxLength={20} placeholder="8-20位数字（数电票为20位）" />
      </Form.Item>
      <Form.Item name="invoiceDate" label="开票日期" initialValue={dayjs(today)} rules={[{ required: true, message: CONSOLE_INVOICE_MSG.invoiceDate }]}>
        <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') > today} allowClear={false} aria-label="开票日期" />
      </Form.Item>
      <Form.Item
        name="file"
        label="发票 PDF"
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        validateStatus={uploadError ? 'error' : undefined}
        help={uploadError || undefined}
        rules={[
          {
            validator: async (_r, list: UploadFile[] | undefined) => {
              const file = list?.[0];
              if (!file) throw new Error(CONSOLE_INVOICE_MSG.pdf);
              if (!file.name.toLowerCase().endsWith('.pdf')) throw new Error(CONSOLE_INVOICE_MSG.pdfType);
              if ((file.size ?? 0) > INVOICE_PDF.maxBytes) throw new Error(CONSOLE_INVOICE_MSG.pdfSize);
            },
          },
        ]}
        required
      >
        <Upload accept={INVOICE_PDF.accept} maxCount={1} beforeUpload={() => false} onChange={() => setUploadError('')}>
          <Button icon={<UploadOutlined />}>选择 PDF 文件</Button>
        </Upload>
      </Form.Item>
    </FormDialog>
  );
}
