// The portal API envelope (ARCHITECTURE.md "portal API wire contract") and the web client's
// success rule of spec 01 §7.1.
import type { ErrorCode } from './errors';

export const SUCCESS_CODE = 200;
export const MSG_OK = '操作成功';
export const MSG_LIST_OK = '查询成功';

export interface OkEnvelope<T> {
  code: typeof SUCCESS_CODE;
  msg: string;
  data: T;
}

export interface ListEnvelope<T> {
  code: typeof SUCCESS_CODE;
  msg: string;
  rows: T[];
  total: number;
}

export interface FailEnvelope {
  code: ErrorCode;
  msg: string;
  /** Extra fields a screen needs, e.g. exceptionLoginCount or the masked mobile. */
  [extra: string]: unknown;
}

export type Envelope<T> = OkEnvelope<T> | ListEnvelope<T> | FailEnvelope;

/**
 * Spec 01 §7.1: an answer counts as success when its code is 200, 10000, "success" or "-1",
 * or it carries a success flag that is true, or the body is an array.
 */
export function isSuccessBody(body: unknown): boolean {
  if (Array.isArray(body)) return true;
  if (body === null || typeof body !== 'object') return false;
  const { code, success } = body as { code?: unknown; success?: unknown };
  if (success === true) return true;
  return code === 200 || code === '200' || code === 10000 || code === '10000' || code === 'success' || code === '-1' || code === -1;
}
