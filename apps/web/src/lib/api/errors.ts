// What a failed portal call rejects with: the server's code and Chinese message (and any extra
// fields such as exceptionLoginCount), or kind 'network' when no answer came back.
export class ApiError extends Error {
  constructor(
    readonly kind: 'server' | 'network',
    readonly code: string,
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MSG = '请求错误，请稍后再试';
export const SESSION_EXPIRED_MSG = '登录已过期，请重新登录';

/**
 * The server's Chinese message when showing it is the screen's job; null when the request client
 * has already told the user (network failures, and ALL_0024 with its alert).
 */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.kind !== 'server' || err.code === 'ALL_0024') return null;
  return err.message;
}
