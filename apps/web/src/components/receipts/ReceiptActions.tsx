'use client';
// The receipts of one online query report or one batch job, from the query history and the
// batch job list: each opens in a window of its own (the zip page closes itself when done).
import { RECEIPT_DOWNLOAD_METHOD, type ReceiptType } from '@apimarket/contracts';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { receiptHref } from './receipt-link';

export interface ReceiptActionsProps {
  /** 0 a batch job, 1 an online query report (RECEIPT_TYPE). */
  type: ReceiptType;
  /** The job's or the report's id. */
  id: number;
  /** The name of the zip and the pages' heading: the job's file name, or the report's subject. */
  jobName: string;
  /** Answered rows (a job's done rows, a report's items); 0 disables the button. */
  totalCount: number;
  /** Narrow a report to one of its interfaces. */
  interfaceId?: number;
  /** Name the images by the subject's masked name (the parameter `receiptName`, default name). */
  isReceiptName?: boolean;
  size?: 'small' | 'middle';
}

export function ReceiptActions({ type, id, jobName, totalCount, interfaceId, isReceiptName, size = 'small' }: ReceiptActionsProps) {
  const link = { type, id, jobName, totalCount, ...(interfaceId ? { interfaceId } : {}), ...(isReceiptName ? { isReceiptName, receiptName: 'name' } : {}) };
  const open = (href: string) => window.open(href, '_blank');
  const items: MenuProps['items'] = [
    { key: 'verify', label: '查看核验回执', onClick: () => open(receiptHref.verify(link)) },
    { key: 'print', label: '打印结果表 / 导出PDF', onClick: () => open(receiptHref.print(link)) },
    { type: 'divider' },
    { key: 'zip', label: '下载回执图片（全部）', onClick: () => open(receiptHref.zip(link)) },
    {
      key: 'zip-verified',
      label: '下载回执图片（仅验证一致）',
      onClick: () => open(receiptHref.zip({ ...link, downloadMethod: RECEIPT_DOWNLOAD_METHOD.verified })),
    },
    { key: 'zip-watermark', label: '下载回执图片（加企业水印）', onClick: () => open(receiptHref.zip(link, true)) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} disabled={totalCount <= 0}>
      <Button size={size} type="link" data-testid={`receipt-actions-${type}-${id}`}>
        回执 <DownOutlined />
      </Button>
    </Dropdown>
  );
}
