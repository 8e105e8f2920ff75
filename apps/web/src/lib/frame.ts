// Pure rules behind the page frame's behaviours (spec 01 §4, §9), kept apart from React so
// they can be tested directly.
import { CHUNK_RELOAD_GUARD_MS } from '@apimarket/contracts';

const CHUNK_ERROR =
  /Loading chunk [\w/.-]+ failed|Loading CSS chunk|ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** Whether an error event means a code chunk of an older deployment could not be loaded. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  if (typeof reason === 'string') return CHUNK_ERROR.test(reason);
  if (reason instanceof Error) return reason.name === 'ChunkLoadError' || CHUNK_ERROR.test(reason.message);
  return false;
}

/** Reload at most once per guard window, so a broken deployment cannot loop the page. */
export function shouldReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS;
}

/** The URL of the n-th retry of an image (cache-busting query). */
export function retrySrc(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/** Whether a click on this anchor is an in-site navigation the loading bar should show. */
export function isInternalNavigation(
  anchor: { href: string; target: string; hasDownload: boolean },
  current: { origin: string; pathname: string; search: string },
  modified: boolean,
): boolean {
  if (modified || anchor.hasDownload || (anchor.target && anchor.target !== '_self')) return false;
  let url: URL;
  try {
    url = new URL(anchor.href, current.origin);
  } catch {
    return false;
  }
  if (url.origin !== current.origin) return false;
  if (url.pathname.startsWith('/apiHome/')) return false;
  return url.pathname !== current.pathname || url.search !== current.search;
}
