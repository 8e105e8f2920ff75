// Builds one portal API request the way spec 01 §7.1 describes: the convention fields (token,
// cdpDate, tourisToken, sign, isLogin), optional encrypt=1 fields, and the body encoding
// (form-urlencoded by default, JSON or multipart where a call says so). Pure, so the browser
// client and the server-side client share it and tests can read what goes on the wire.
import { computeSign, isConventionField } from '@apimarket/contracts';

export type Scalar = string | number | boolean | null | undefined;
export type Payload = Record<string, Scalar | Scalar[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  data?: Payload;
  /** form (default), json, or multipart (files go in `files`). */
  as?: 'form' | 'json' | 'multipart';
  files?: Record<string, Blob>;
  /** Encrypt every field value with AES-GCM and send encrypt=1. */
  encrypt?: boolean;
}

export interface WireEnv {
  signSecret: string;
  aesSecret: string;
  /** The session token when the caller can read it (server side); '' in the browser (HttpOnly). */
  token: string;
  tourisToken: string;
  isLogin: boolean;
  now: number;
}

export const API_PREFIX = '/apiHome/';

/** Seals one field value for encrypt=1 (contracts' encryptField with the AES secret bound). */
export type Seal = (value: string) => string;

function flatten(data: Payload, seal: Seal | null): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, raw] of Object.entries(data)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      const text = String(v);
      out.push([k, seal && !isConventionField(k) && text !== '' ? seal(text) : text]);
    }
  }
  return out;
}

export function conventionFields(env: WireEnv): Record<string, string> {
  const cdpDate = String(env.now);
  return {
    token: env.token,
    cdpDate,
    tourisToken: env.tourisToken,
    sign: computeSign(env.token, cdpDate, env.signSecret),
    isLogin: env.isLogin ? '1' : '0',
  };
}

/**
 * `seal` is required for an encrypted call: the caller passes the cipher it loaded (the browser
 * loads it only when a call is encrypted, so ordinary pages never download it).
 */
export function buildRequest(path: string, options: RequestOptions, env: WireEnv, seal?: Seal): { url: string; init: RequestInit } {
  const method = options.method ?? 'POST';
  const as = options.as ?? 'form';
  const encrypt = options.encrypt === true;
  if (encrypt && !seal) throw new Error(`buildRequest(${path}): an encrypted call needs the seal function`);
  const fields = flatten(options.data ?? {}, encrypt ? (seal ?? null) : null);
  if (encrypt) fields.push(['encrypt', '1']);
  const wire = Object.entries(conventionFields(env));
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const url = new URL(API_PREFIX + path.replace(/^\/+/, ''), 'http://x');

  if (method === 'GET') {
    for (const [k, v] of [...wire, ...fields]) url.searchParams.append(k, v);
    return { url: url.pathname + url.search, init: { method, headers } };
  }

  let body: BodyInit;
  if (as === 'json') {
    const obj: Record<string, string | string[]> = {};
    for (const [k, v] of [...wire, ...fields]) {
      const prev = obj[k];
      obj[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    body = JSON.stringify(obj);
    headers['Content-Type'] = 'application/json';
  } else if (as === 'multipart') {
    // Multipart bodies are parsed by the route itself, so the conventions ride in the query.
    for (const [k, v] of wire) url.searchParams.append(k, v);
    const fd = new FormData();
    for (const [k, v] of fields) fd.append(k, v);
    for (const [k, file] of Object.entries(options.files ?? {})) fd.append(k, file);
    body = fd;
  } else {
    body = new URLSearchParams([...wire, ...fields]);
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  return { url: url.pathname + url.search, init: { method, headers, body } };
}

/** Read one cookie from a document.cookie string. */
export function readCookie(cookieString: string, name: string): string {
  for (const part of cookieString.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return '';
}
