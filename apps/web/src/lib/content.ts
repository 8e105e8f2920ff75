// The pure helpers the content pages share (news, cases, policy readings, knowledge base). The
// answers' shapes are the contracts' (contentApi).
import { chinaDay } from '@apimarket/contracts/china-time';

/**
 * 2024-01-05 for a timestamp, as a reader in China sees the day, so the server's own time zone
 * never moves an article to the previous day.
 */
export function formatDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : chinaDay(new Date(ms));
}

/** 12,345 for a view count: large figures stay readable. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** The first value of a query parameter, trimmed, or '' (a repeated parameter counts once). */
export function textParam(value: string | string[] | undefined, max = 50): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim().slice(0, max);
}

/** A path with only the query values that are set, so links stay short and canonical. */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** Text for a meta description: one line, cut at a length search engines show. */
export function metaDescription(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
