'use client';
// Failures while rendering a page (spec 01 §2.3): the status code and message (default 500),
// 3 s, then home. Internal details never reach the page; the digest lets support find the log.
import { StatusPage } from '../components/status/StatusPage';

export default function ErrorPage({ error }: { error: Error & { digest?: string; statusCode?: number } }) {
  const status = error.statusCode ?? 500;
  return <StatusPage status={status} message="服务器开小差了，请稍后再试" hint={error.digest ? `错误编号：${error.digest}` : undefined} />;
}
