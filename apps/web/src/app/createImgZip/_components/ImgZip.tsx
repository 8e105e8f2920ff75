'use client';
// Builds the zip in the browser: the server draws RECEIPT_ZIP_BATCH receipts per call (one
// call per step keeps each answer small and the progress honest), fflate stores them (PNGs are
// already compressed), the browser saves `{jobName}.zip`, and the window closes itself.
import { RECEIPT_MSG, RECEIPT_ZIP_CLOSE_MS, type ReceiptImages, type ReceiptLink, receiptFileBase, receiptsApi } from '@apimarket/contracts';
import { Button, Progress, Result } from 'antd';
import { zipSync } from 'fflate';
import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api/client';
import { NETWORK_ERROR_MSG, serverMessage } from '@/lib/api/errors';
import { saveBlob } from '@/lib/download';
import { signedInOrLogin } from '@/lib/signed-in';
import styles from '@/components/receipts/receipt-page.module.css';

type State = { kind: 'working'; done: number; total: number } | { kind: 'done'; count: number } | { kind: 'failed'; message: string };

const base64Bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

export function ImgZip({ link, watermark }: { link: ReceiptLink | null; watermark: boolean }) {
  const [state, setState] = useState<State>({ kind: 'working', done: 0, total: link?.totalCount ?? 0 });
  const started = useRef(false);

  const run = useCallback(async () => {
    if (!link) return;
    setState({ kind: 'working', done: 0, total: link.totalCount });
    const files: Record<string, Uint8Array> = {};
    try {
      let offset: number | null = 0;
      let done = 0;
      while (offset !== null) {
        const { data }: { data: ReceiptImages } = await request(receiptsApi.images, {
          type: link.type,
          id: link.id,
          downloadMethod: link.downloadMethod,
          interfaceId: link.interfaceId,
          offset,
          watermark,
          isReceiptName: link.isReceiptName,
          receiptName: link.receiptName,
        });
        for (const img of data.images) files[img.name] = base64Bytes(img.png);
        done += data.images.length;
        setState({ kind: 'working', done, total: data.totalCount });
        offset = data.nextOffset;
      }
      const zip = zipSync(files, { level: 0 });
      saveBlob(new Blob([zip as BlobPart], { type: 'application/zip' }), `${receiptFileBase(link.jobName, '回执')}.zip`);
      setState({ kind: 'done', count: done });
      setTimeout(() => window.close(), RECEIPT_ZIP_CLOSE_MS);
    } catch (err) {
      setState({ kind: 'failed', message: serverMessage(err) ?? NETWORK_ERROR_MSG });
    }
  }, [link, watermark]);

  useEffect(() => {
    if (started.current || !link) return;
    started.current = true;
    if (!signedInOrLogin(window.location.pathname + window.location.search)) return;
    void run();
  }, [link, run]);

  if (!link) {
    return (
      <main className={styles.center}>
        <Result status="warning" title="无法生成回执" subTitle={RECEIPT_MSG.badLink} />
      </main>
    );
  }
  if (state.kind === 'failed') {
    return (
      <main className={styles.center}>
        <Result
          status="error"
          title="回执生成失败"
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={() => void run()}>
              重试
            </Button>
          }
          data-testid="zip-failed"
        />
      </main>
    );
  }
  if (state.kind === 'done') {
    return (
      <main className={styles.center}>
        <Result
          status="success"
          title={RECEIPT_MSG.done(link.jobName)}
          subTitle={`共 ${state.count} 张回执图片已保存为「${receiptFileBase(link.jobName, '回执')}.zip」；如窗口未自动关闭，可直接关闭本页。`}
          data-testid="zip-done"
        />
      </main>
    );
  }
  const percent = state.total > 0 ? Math.min(100, Math.round((state.done / state.total) * 100)) : 0;
  return (
    <main className={styles.center}>
      <section className={styles.zipCard} aria-live="polite">
        <h1 className={styles.zipTitle}>{link.jobName}</h1>
        <p className={styles.muted}>正在生成回执图片，请勿关闭窗口…</p>
        <Progress type="circle" percent={percent} data-testid="zip-progress" />
        <p className={styles.muted}>
          已生成 {state.done} / {state.total || '—'} 张
        </p>
      </section>
    </main>
  );
}
