// What the jobs list says of a job's progress: rows done of all, and while it runs the measured
// rate and the time left at it (the server measures both from the current run).
import type { BatchJobView } from '@apimarket/contracts';

/** 「约 3 分钟」 for the seconds left; under a minute 「不到 1 分钟」. */
export function etaText(seconds: number): string {
  if (seconds < 60) return '不到 1 分钟';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `约 ${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `约 ${hours} 小时` : `约 ${hours} 小时 ${rest} 分钟`;
}

/** 「12.5 行/秒」, with one decimal under 100. */
export const rateText = (rate: number) => `${rate < 100 ? rate.toFixed(1) : Math.round(rate).toLocaleString('zh-CN')} 行/秒`;

/** The line under a running or paused job's bar; '' when there is nothing to add. */
export function progressNote(job: Pick<BatchJobView, 'status' | 'rate' | 'etaSeconds'>): string {
  if (job.status === 'paused') return '已暂停，可继续执行';
  if (job.status !== 'running') return '';
  if (job.rate === null || job.etaSeconds === null) return '正在测算剩余时间…';
  return `${rateText(job.rate)}，剩余${etaText(job.etaSeconds)}`;
}

/** The whole percent done (100 only when every row is). */
export const percentDone = (job: Pick<BatchJobView, 'rows' | 'done' | 'status'>) =>
  job.status === 'done' ? 100 : job.rows > 0 ? Math.floor((job.done * 100) / job.rows) : 0;
