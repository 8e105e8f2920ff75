'use client';
// Prefetch the pages a visitor is likely to open next once the browser is idle (at most 2 s
// after load), so the next click feels instant without competing with the first paint.
import { IDLE_PREFETCH_TIMEOUT_MS } from '@apimarket/contracts';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function IdlePrefetch({ hrefs }: { hrefs: readonly string[] }) {
  const router = useRouter();
  useEffect(() => {
    const run = () => {
      for (const href of hrefs) router.prefetch(href);
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: IDLE_PREFETCH_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = globalThis.setTimeout(run, IDLE_PREFETCH_TIMEOUT_MS);
    return () => globalThis.clearTimeout(id);
  }, [router, hrefs]);
  return null;
}
