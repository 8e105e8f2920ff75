// pageNum/pageSize as every list call takes them (1-based). Out-of-range or junk values are
// clamped rather than refused: a list always answers.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

const int = (fallback: number) =>
  z
    .preprocess((v) => (v === '' || v === undefined || v === null ? fallback : Number(v)), z.number().catch(fallback))
    .transform((n) => (Number.isFinite(n) ? Math.trunc(n) : fallback));

export const PageQuery = z.object({
  pageNum: int(1).transform((n) => Math.max(1, Math.min(n, 100_000))),
  pageSize: int(DEFAULT_PAGE_SIZE).transform((n) => Math.max(1, Math.min(n, MAX_PAGE_SIZE))),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Row offset of a page. */
export function pageOffset(p: PageQuery): number {
  return (p.pageNum - 1) * p.pageSize;
}

/** An id taken from a path or query: a positive integer, else null (the caller answers 404). */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}
