// /dev/outbox: the SMS and e-mail the embedded default "sent", so a person can finish a sign-up
// without a real phone. Reads the server's dev endpoint; exists only with DEV_TOOLS=1.
import { devApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverCall } from '@/lib/api/server';
import { OutboxView } from './_components/OutboxView';

export const metadata: Metadata = { title: '开发工具 · 发件箱' };

export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  const { to = '' } = await searchParams;
  const answer = await serverCall(devApi.outbox, { to: to.trim() }, { withSession: true });
  return <OutboxView to={to} rows={answer.ok ? answer.body.rows : null} />;
}
