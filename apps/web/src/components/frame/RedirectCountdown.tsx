'use client';
// The error pages' countdown (spec 01 §2.3): N seconds, then home.
import { ERROR_PAGE_REDIRECT_S } from '@apimarket/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

export function RedirectCountdown({ seconds = ERROR_PAGE_REDIRECT_S, to = '/' }: { seconds?: number; to?: string }) {
  const router = useRouter();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      router.replace(to);
      return;
    }
    const id = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left, router, to]);
  return (
    <p data-testid="countdown">
      <strong>{Math.max(left, 0)}</strong> 秒后自动返回首页
    </p>
  );
}
