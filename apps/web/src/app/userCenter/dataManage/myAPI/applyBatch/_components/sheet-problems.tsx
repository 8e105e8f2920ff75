'use client';
// A sheet refused for its rows' problems (addBatchJob, updateBatchJob): the server lists up to
// 100 of them with their row numbers, so the customer fixes them all in one go. Shown in a
// dialog; any other refusal is a toast.
import type { App } from 'antd';
import { ApiError } from '@/lib/api/errors';
import { serverMessage } from '@/lib/api/errors';
import styles from './apply-batch.module.css';

type Api = ReturnType<typeof App.useApp>;

/** The problems a refusal lists, or null when it lists none. */
export function sheetProblems(err: unknown): string[] | null {
  if (!(err instanceof ApiError)) return null;
  const list = err.body.problems;
  return Array.isArray(list) && list.length > 0 ? list.filter((p): p is string => typeof p === 'string') : null;
}

/** Tells why an upload was refused: the list of row problems in a dialog, else the message. */
export function showUploadRefusal(api: Pick<Api, 'message' | 'modal'>, err: unknown): void {
  const problems = sheetProblems(err);
  const msg = serverMessage(err);
  if (problems && msg) {
    api.modal.error({
      title: '文件需要修改后重新上传',
      width: 560,
      content: (
        <div data-testid="batch-problems">
          <p>{msg}</p>
          <ol className={styles.problems}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </div>
      ),
      okText: '知道了',
    });
    return;
  }
  if (msg) api.message.error(msg);
}
