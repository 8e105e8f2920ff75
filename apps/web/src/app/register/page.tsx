// /register (spec 01 §2.5): registration, or password recovery with ?type=forget; openId and
// username in the query prefill a WeChat binding.
import type { Metadata } from 'next';
import { webConfig } from '@/config';
import { RegisterForm } from './_components/RegisterForm';

export async function generateMetadata({ searchParams }: { searchParams: Promise<{ type?: string }> }): Promise<Metadata> {
  const { type } = await searchParams;
  return { title: type === 'forget' ? '找回密码' : '注册', robots: { index: false } };
}

export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ type?: string; openId?: string; username?: string }> }) {
  const { type, openId, username } = await searchParams;
  return (
    <RegisterForm
      key={type === 'forget' ? 'forget' : 'register'}
      mode={type === 'forget' ? 'forget' : 'register'}
      openId={openId?.slice(0, 64) ?? ''}
      username={username?.slice(0, 12) ?? ''}
      operator={webConfig.legalEntity.companyName}
    />
  );
}
