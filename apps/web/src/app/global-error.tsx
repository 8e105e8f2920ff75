'use client';
// A failure in the root layout itself: same page, with its own document shell.
import { StatusPage } from '../components/status/StatusPage';
import './globals.css';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="zh-CN">
      <body>
        <StatusPage status={500} message="服务器开小差了，请稍后再试" hint={error.digest ? `错误编号：${error.digest}` : undefined} />
      </body>
    </html>
  );
}
