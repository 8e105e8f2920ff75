import 'server-only';
// The server components' way to the portal API: straight to the API process (no browser hop),
// signed like any client. Public answers are kept in process memory for `ttl` seconds: the
// signed URL changes every call (cdpDate), so Next's fetch cache cannot key on it. Calls go
// through node:http rather than the global fetch so that Next does not mark every page that
// reads data as dynamic: detail pages stay incrementally regenerated (revalidate) pages.
import http from 'node:http';
import https from 'node:https';
import { type Call, type CallData, type CallInput, type CallReply, COOKIE, callPath, isSuccessBody, type OkEnvelope } from '@apimarket/contracts';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { webConfig } from '@/config';
import { buildRequest, type Payload } from './build';

export interface ServerGetOptions {
  /** GET (default), or POST for the calls the spec makes POST (api/case/list…). */
  method?: 'GET' | 'POST';
  data?: Payload;
  /** Seconds a public answer may be reused (default 60); ignored with a session. */
  ttl?: number;
  /** Send the visitor's session (for per-member data); public calls must not. */
  withSession?: boolean;
}

/** ok, or why not: 404 when the server says not found, 0 when it could not be reached. */
export type Fetched<T> = { ok: true; body: T } | { ok: false; status: number };

type Memo = Map<string, { until: number; value: Promise<Fetched<unknown>> }>;
// One memo per process, kept on globalThis: Next bundles pages and route handlers into separate
// module instances, so a module-level Map here would be a different one for /__revalidate
// (whose forgetAnswers would then clear nothing the pages read).
const MEMO_KEY = Symbol.for('apimarket.web.serverMemo');
const shared = globalThis as typeof globalThis & { [MEMO_KEY]?: Memo };
shared[MEMO_KEY] ??= new Map();
const memo: Memo = shared[MEMO_KEY];
const MEMO_LIMIT = 1000;

async function fetchOnce(path: string, options: ServerGetOptions): Promise<Fetched<unknown>> {
  const token = options.withSession ? ((await cookies()).get(COOKIE.token)?.value ?? '') : '';
  const method = options.method ?? 'GET';
  // The session travels as the browser sends it, in the myToken cookie (the token field stays
  // empty and the sign is made over ''): one way for every client, which the OpenAPI document's
  // memberSession scheme describes, rather than a body field no security scheme can name.
  const { url, init } = buildRequest(
    path,
    { method, data: options.data },
    { ...webConfig.wire, token: '', tourisToken: '', isLogin: token !== '', now: Date.now() },
  );
  const headers = init.headers as Record<string, string>;
  if (token !== '') headers.Cookie = `${COOKIE.token}=${token}`;
  try {
    const payload = method === 'POST' ? String(init.body ?? '') : undefined;
    const { status, body } = await requestJson(webConfig.apiOrigin + url, method, headers, payload);
    return isSuccessBody(body) ? { ok: true, body } : { ok: false, status };
  } catch {
    return { ok: false, status: 0 };
  }
}

function requestJson(url: string, method: 'GET' | 'POST', headers: Record<string, string>, payload?: string): Promise<{ status: number; body: unknown }> {
  const client = url.startsWith('https:') ? https : http;
  const sized = payload === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, headers: sized, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function serverFetch<T>(path: string, options: ServerGetOptions = {}): Promise<Fetched<T>> {
  if (options.withSession) return (await fetchOnce(path, options)) as Fetched<T>;
  const key = `${options.method ?? 'GET'} ${path}?${JSON.stringify(options.data ?? {})}`;
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.until > now) return (await hit.value) as Fetched<T>;
  const value = fetchOnce(path, options);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, { until: now + (options.ttl ?? 60) * 1000, value });
  const result = await value;
  if (!result.ok && result.status !== 404) memo.delete(key); // do not remember an outage
  return result as Fetched<T>;
}

/**
 * Forgets every remembered answer, so the next render reads the live API: /__revalidate calls
 * it when an editor publishes. All of them, not the changed item's: a change shows up in lists,
 * counts, neighbours and side lists under many keys, and refilling the memo costs one call each.
 */
export function forgetAnswers(): void {
  memo.clear();
}

/** The success body, or null (a page then renders its designed empty state). */
export async function serverGet<T>(path: string, options: ServerGetOptions = {}): Promise<T | null> {
  const r = await serverFetch<T>(path, options);
  return r.ok ? r.body : null;
}

/** The `data` of an `{code:200,data}` answer, or null. */
export async function serverData<T>(path: string, options: ServerGetOptions = {}): Promise<T | null> {
  const body = await serverGet<OkEnvelope<T>>(path, options);
  return body?.data ?? null;
}

/** For detail pages: the data, the 404 page when the server says not found, an error otherwise. */
export async function serverDetail<T>(path: string, options: ServerGetOptions = {}): Promise<T> {
  const r = await serverFetch<OkEnvelope<T>>(path, options);
  if (r.ok) return r.body.data;
  if (r.status === 404) notFound();
  throw new Error(`API ${path} unavailable (${r.status})`);
}

/** Options of a declared call made by a server component (method and path are the declaration's). */
export type ServerCallOptions = Pick<ServerGetOptions, 'ttl' | 'withSession'>;

function declared(call: Call, input: unknown, options: ServerCallOptions): [string, ServerGetOptions] {
  const { path, rest } = callPath(call, (input ?? {}) as Record<string, unknown>);
  return [path, { ...options, method: call.method, data: rest as Payload }];
}

/** A declared call from a server component: its success body, or why not. */
export function serverCall<C extends Call>(call: C, input?: CallInput<C>, options: ServerCallOptions = {}): Promise<Fetched<CallReply<C>>> {
  return serverFetch<CallReply<C>>(...declared(call, input, options));
}

/** A declared call's `data`, or null (the page renders its designed empty state). */
export async function serverCallData<C extends Call>(call: C, input?: CallInput<C>, options: ServerCallOptions = {}): Promise<CallData<C> | null> {
  return serverData<CallData<C>>(...declared(call, input, options));
}

/** A declared detail call's `data`; the 404 page when the server says not found. */
export function serverCallDetail<C extends Call>(call: C, input?: CallInput<C>, options: ServerCallOptions = {}): Promise<CallData<C>> {
  return serverDetail<CallData<C>>(...declared(call, input, options));
}
