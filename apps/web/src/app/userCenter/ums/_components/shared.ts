// What the account-settings tabs share: times in China time, and which failures are the screen's
// to show (the request client has already told the user about network failures and ALL_0024).
import { ApiError, SESSION_EXPIRED_MSG } from '@/lib/api/errors';

export type TabKey = 'profile' | 'password' | 'mobile' | 'email' | 'keys';
export const TAB_KEYS: readonly TabKey[] = ['profile', 'password', 'mobile', 'email', 'keys'];
export const isTabKey = (value: string | null | undefined): value is TabKey => TAB_KEYS.some((k) => k === value);

/** A value read from the server: still loading, there, or not loadable (with the reason). */
export type Loadable<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

export { dateTime } from '@/lib/format';
export { serverMessage } from '@/lib/api/errors';

/** ALL_0060: the company (the parent's, for a sub-account) has not passed enterprise authentication. */
export const needsQualification = (err: unknown): err is ApiError => err instanceof ApiError && err.kind === 'server' && err.code === 'ALL_0060';

/** Too many tries: a message for the whole form, not for one field. */
export const isThrottled = (err: unknown) => err instanceof ApiError && (err.code === 'ALL_0012' || err.code === 'ALL_0028');

/** Why a load failed, for the retry notice: the server's words, or a network hint. */
export function loadFailure(err: unknown): string {
  if (err instanceof ApiError && err.kind === 'server') return err.code === 'ALL_0024' ? SESSION_EXPIRED_MSG : err.message;
  return '网络连接异常或服务暂时不可用，请稍后重试';
}
