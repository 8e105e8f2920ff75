'use client';
// After a deployment, an open tab may ask for code chunks that no longer exist. Reload once to
// pick up the new build — at most once a minute, so a broken build cannot loop the page.
import { useEffect } from 'react';
import { isChunkLoadError, shouldReloadForChunk } from '@/lib/frame';

const KEY = 'chunk-reload-at';

export function ChunkReloadGuard() {
  useEffect(() => {
    const handle = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      const last = Number(sessionStorage.getItem(KEY));
      const now = Date.now();
      if (!shouldReloadForChunk(now, Number.isFinite(last) && last > 0 ? last : null)) return;
      sessionStorage.setItem(KEY, String(now));
      window.location.reload();
    };
    const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
