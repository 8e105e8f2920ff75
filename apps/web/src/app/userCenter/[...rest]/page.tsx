// User-center routes of spec 02 §2 whose screens are not built yet: a 「即将开放」 page inside
// the layout (never a 404, never a made-up table). Paths that are not user-center routes at all
// get the 404 page. Built screens have their own folders, which take precedence over this one.

import { SUPPORT_HOTLINE } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import uc from '@/components/user-center/uc.module.css';
import { UC, ucRoute } from '@/lib/user-center';
import styles from './soon.module.css';

type Props = { params: Promise<{ rest: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const route = ucRoute(`${UC}/${(await params).rest.join('/')}`);
  return { title: route?.title ?? '页面不存在' };
}

export default async function ComingSoon({ params }: Props) {
  const route = ucRoute(`${UC}/${(await params).rest.join('/')}`);
  if (!route || route.ready) notFound();
  return (
    <section className={styles.soon} data-testid="uc-coming-soon">
      <div className={styles.mark} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <h1 className={uc.noticeTitle}>{route.title} · 即将开放</h1>
      <p className={styles.text}>
        「{route.title}」正在建设中，开放后会在消息中心通知您。需要提前使用或有疑问，请联系您的客户经理或拨打客服热线 {SUPPORT_HOTLINE}。
      </p>
      <div className={styles.actions}>
        <Link href={UC} className={styles.primary}>
          返回用户中心首页
        </Link>
        <Link href="/api" className={styles.secondary}>
          浏览 API 市场
        </Link>
      </div>
    </section>
  );
}
