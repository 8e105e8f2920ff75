// /login (spec 01 §2.5): account, password, remember, captcha after failures, phone check.
import type { Metadata } from 'next';
import { safeRedirect } from '@/lib/form-rules';
import { LoginForm } from './_components/LoginForm';

export const metadata: Metadata = { title: '登录', robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirect?: string }> }) {
  const { redirect } = await searchParams;
  return <LoginForm redirect={safeRedirect(redirect)} />;
}
