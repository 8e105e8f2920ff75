'use client';
// Route-change loading bar (spec 01 §4): starts when an in-site link is followed or history
// moves, appears only if the change takes longer than 200 ms, creeps towards 90% over the 5 s
// nominal time, and completes when the new route has rendered.
import { LOADING_BAR_NOMINAL_MS, LOADING_BAR_START_DELAY_MS } from '@apimarket/contracts';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { isInternalNavigation } from '@/lib/frame';
import styles from './LoadingBar.module.css';

type Phase = 'idle' | 'pending' | 'running' | 'done';

export function LoadingBar() {
  const pathname = usePathname();
  const search = useSearchParams();
  const [phase, setPhase] = useState<Phase>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const start = () => {
      window.clearTimeout(timer.current);
      setPhase('pending');
      timer.current = window.setTimeout(() => setPhase('running'), LOADING_BAR_START_DELAY_MS);
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor) return;
      const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      const { origin, pathname: p, search: s } = window.location;
      if (
        isInternalNavigation(
          { href: anchor.href, target: anchor.target, hasDownload: anchor.hasAttribute('download') },
          { origin, pathname: p, search: s },
          modified,
        )
      ) {
        start();
      }
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', start);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', start);
      window.clearTimeout(timer.current);
    };
  }, []);

  // A new pathname or query means the navigation has landed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and search are the trigger
  useEffect(() => {
    window.clearTimeout(timer.current);
    setPhase((p) => (p === 'running' ? 'done' : 'idle'));
    timer.current = window.setTimeout(() => setPhase('idle'), 400);
  }, [pathname, search]);

  if (phase === 'idle' || phase === 'pending') return null;
  return (
    <div
      className={`${styles.bar} ${phase === 'done' ? styles.done : styles.running}`}
      style={{ ['--nominal' as string]: `${LOADING_BAR_NOMINAL_MS}ms` }}
      role="progressbar"
      aria-label="页面加载中"
    />
  );
}
