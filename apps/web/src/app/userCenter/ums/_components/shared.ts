// What the account-settings tabs share: times in China time, and which failures are the screen's
// to show (the request client has already told the user about network failures and ALL_0024).
import { ApiError, SESSION_EXPIRED_MSG, serverMessage } from '@/lib/api/errors';

export type TabKey = 'profile' | 'password' | 'mobile' | 'email' | 'keys';
export const TAB_KEYS: readonly TabKey[] = ['profile', 'password', 'mobile', 'email', 'keys'];
export const isTabKey = (value: string | null | undefined): value is TabKey => TAB_KEYS.some((k) => k === value);

/** A value read from the server: still loading, there, or not loadable (with the reason). */
export type Loadable<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

export { dateTime } from '@/lib/format';
export { serverMessage };

/** ALL_0060: the company (the parent's, for a sub-account) has not passed enterprise authentication. */
export const needsQualification = (err: unknown): err is ApiError => err instanceof ApiError && err.kind === 'server' && err.code === 'ALL_0060';

/** Too many tries: a message for the whole form, not for one field. */
export const isThrottled = (err: unknown) => err instanceof ApiError && (err.code === 'ALL_0012' || err.code === 'ALL_0028');

const NETWORK_HINT = '网络连接异常或服务暂时不可用，请稍后重试';

/** Why a load failed, for the retry notice: the server's words, or a network hint. */
export function loadFailure(err: unknown): string {
  if (err instanceof ApiError && err.kind === 'server') return err.code === 'ALL_0024' ? SESSION_EXPIRED_MSG : err.message;
  return NETWORK_HINT;
}

/**
 * Runs a key change the login password confirmed, its button busy meanwhile. Answers what the
 * password dialog shows: null when done or when the refusal is handled elsewhere (ALL_0060 turns
 * the tab into the notice; `claim` may put a refusal under its field), else the refusal's words.
 */
export async function runKeyChange(
  setBusy: (busy: boolean) => void,
  onQualificationLost: (message: string) => void,
  change: () => Promise<void>,
  claim: (msg: string) => boolean = () => false,
): Promise<string | null> {
  setBusy(true);
  try {
    await change();
    return null;
  } catch (err) {
    if (needsQualification(err)) {
      onQualificationLost(err.message);
      return null;
    }
    const msg = serverMessage(err);
    if (!msg) return NETWORK_HINT;
    return claim(msg) ? null : msg;
  } finally {
    setBusy(false);
  }
}
