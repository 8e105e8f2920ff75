import 'server-only';
// The server components' way to the portal API: straight to the API process (no browser hop),
// signed like any client. Public answers are kept in process memory for `ttl` seconds: the
// signed URL changes every call (cdpDate), so Next's fetch cache cannot key on it. A failure
// resolves to null so a page renders its designed empty state instead of an error.
import { COOKIE, isSuccessBody, type OkEnvelope } from '@apimarket/contracts';
import { cookies } from 'next/headers';
import { webConfig } from '../../config';
import { buildRequest, type Payload } from './build';

export interface ServerGetOptions {
  data?: Payload;
  /** Seconds a public answer may be reused (default 60); ignored with a session. */
  ttl?: number;
  /** Send the visitor's session (for per-member data); public calls must not. */
  withSession?: boolean;
}

const memo = new Map<string, { until: number; value: Promise<unknown> }>();
const MEMO_LIMIT = 500;

async function fetchOnce(path: string, options: ServerGetOptions): Promise<unknown> {
  const token = options.withSession ? ((await cookies()).get(COOKIE.token)?.value ?? '') : '';
  const { url, init } = buildRequest(
    path,
    { method: 'GET', data: options.data },
    { ...webConfig.wire, token, tourisToken: '', isLogin: token !== '', now: Date.now() },
  );
  try {
    const res = await fetch(webConfig.apiOrigin + url, { ...init, cache: 'no-store' });
    const body: unknown = await res.json();
    return isSuccessBody(body) ? body : null;
  } catch {
    return null;
  }
}

export async function serverGet<T>(path: string, options: ServerGetOptions = {}): Promise<T | null> {
  if (options.withSession) return (await fetchOnce(path, options)) as T | null;
  const key = `${path}?${JSON.stringify(options.data ?? {})}`;
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.until > now) return (await hit.value) as T | null;
  const value = fetchOnce(path, options);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, { until: now + (options.ttl ?? 60) * 1000, value });
  const result = await value;
  if (result === null) memo.delete(key); // do not remember an outage
  return result as T | null;
}

/** The `data` of an `{code:200,data}` answer, or null. */
export async function serverData<T>(path: string, options: ServerGetOptions = {}): Promise<T | null> {
  const body = await serverGet<OkEnvelope<T>>(path, options);
  return body?.data ?? null;
}
