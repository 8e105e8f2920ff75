'use client';
// What both /print views share: the signed-in check (else /login, back here afterwards), the
// compress-file call's list, and the PDF download.
import { PDF_EXPORT, type ReceiptLink, receiptsApi } from '@apimarket/contracts';
import { Button, Result, Skeleton, Tooltip } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api/client';
import { NETWORK_ERROR_MSG, serverMessage } from '@/lib/api/errors';
import { toastFailure, useCall } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { signedInOrLogin } from '@/lib/signed-in';
import { RECEIPT_MSG } from '@apimarket/contracts';
import styles from './receipt-page.module.css';

const inputOf = (link: ReceiptLink) => ({ type: link.type, id: link.id, downloadMethod: link.downloadMethod, interfaceId: link.interfaceId });

/** The receipt's list for a page; null link or no session load nothing. */
export function useReceipt(link: ReceiptLink | null) {
  const [session, setSession] = useState(false);
  useEffect(() => {
    setSession(signedInOrLogin(window.location.pathname + window.location.search));
  }, []);
  return useCall(receiptsApi.data, link ? inputOf(link) : undefined, { enabled: link !== null && session, quiet: true });
}

/** The page's state when there is no list to show yet: a broken link, loading, or the server's refusal. */
export function ReceiptGate({ link, query }: { link: ReceiptLink | null; query: ReturnType<typeof useReceipt> }) {
  if (!link) return <Result status="warning" title="无法打开回执" subTitle={RECEIPT_MSG.badLink} />;
  if (query.error)
    return <Result status="error" title="回执加载失败" subTitle={serverMessage(query.error) ?? NETWORK_ERROR_MSG} data-testid="receipt-failed" />;
  return (
    <div className={styles.loading}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/** 导出PDF: the server's 个人背景核查信息.pdf; disabled with the reason when the job's interface yields none. */
export function PdfButton({ link, refusal }: { link: ReceiptLink; refusal: string }) {
  const [saving, setSaving] = useState(false);
  const download = async () => {
    setSaving(true);
    try {
      const file = await request(receiptsApi.pdf, inputOf(link));
      if (file instanceof Blob) saveBlob(file, `${PDF_EXPORT.fileName}.pdf`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setSaving(false);
    }
  };
  const button = (
    <Button icon={<FilePdfOutlined />} loading={saving} disabled={refusal !== ''} onClick={() => void download()}>
      导出PDF
    </Button>
  );
  return refusal ? <Tooltip title={refusal}>{button}</Tooltip> : button;
}
