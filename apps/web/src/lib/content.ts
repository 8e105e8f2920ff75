// Shapes of the content answers (news, cases, policy readings, knowledge base) as the server's
// content module returns them, and the pure helpers the content pages share.

/** A neighbour in a list: previous (newer) or next (older) entry. */
export interface EntryLink {
  id: number;
  title: string;
}

/** A catalogue interface a case or an article links to (/api/{id}). */
export interface InterfaceRef {
  id: number;
  interfaceName: string;
}

export interface ListAnswer<T> {
  rows: T[];
  total: number;
}

// ── News ─────────────────────────────────────────────────────────────────────────────────────
export interface NewsType {
  type: number;
  typeName: string;
  count: number;
}

export interface NewsItem {
  id: number;
  type: number;
  typeName: string;
  title: string;
  summary: string;
  source: string;
  publishedAt: string;
  views: number;
}

export interface NewsDetail extends NewsItem {
  body: string[];
  prev: EntryLink | null;
  next: EntryLink | null;
  related: Array<{ id: number; title: string; publishedAt: string }>;
}

// ── Cases ────────────────────────────────────────────────────────────────────────────────────
export interface CaseIndustry {
  industry: string;
  count: number;
}

export interface CaseCard {
  id: number;
  industry: string;
  title: string;
  customer: string;
  summary: string;
  publishedAt: string;
}

export interface CaseDetail extends CaseCard {
  challenge: string[];
  solution: string[];
  results: string[];
  interfaces: InterfaceRef[];
  prev: EntryLink | null;
  next: EntryLink | null;
}

// ── Policy readings ──────────────────────────────────────────────────────────────────────────
export interface PolicyItem {
  id: number;
  title: string;
  issuer: string;
  docNumber: string;
  issuedAt: string;
  summary: string;
  tags: string[];
}

export interface PolicyDetail extends PolicyItem {
  body: string[];
  prev: EntryLink | null;
  next: EntryLink | null;
}

// ── Knowledge base ───────────────────────────────────────────────────────────────────────────
export interface KnowledgeType {
  type: string;
  count: number;
}

export interface KnowledgeItem {
  id: number;
  type: string;
  title: string;
  summary: string;
  publishedAt: string;
  views: number;
}

export interface KnowledgeDetail extends KnowledgeItem {
  body: string[];
  interfaces: InterfaceRef[];
  prev: EntryLink | null;
  next: EntryLink | null;
}

export interface MostReadArticle {
  id: number;
  title: string;
  summary: string;
  type: string;
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * 2024-01-05 for a timestamp, as a reader in China sees the day. Fixed at UTC+8 (China keeps no
 * daylight saving) so the server's own time zone never moves an article to the previous day.
 */
export function formatDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
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
