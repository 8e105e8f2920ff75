// The one request client of the browser (spec 01 §7.1). Screens call request(); it adds the
// conventions, sends, and applies the shared reactions: the success rule, ALL_0024 → the
// 「提示」 alert then /login (except on the login-state check), network failure → toast.
import { type Call, type CallInput, type CallReply, COOKIE, callPath, isSuccessBody } from '@apimarket/contracts';
import { buildRequest, type Payload, readCookie, type RequestOptions } from './build';
import { ApiError, NETWORK_ERROR_MSG } from './errors';
import { alertSessionExpired, toastNetworkError } from './notify';
import { browserWireConfig } from './wire-config';

export interface ClientOptions extends RequestOptions {
  /** The login-state check: ALL_0024 there just means "anonymous", no alert. */
  loginStateCheck?: boolean;
  /** Background calls (page views): no network toast when they fail. */
  silent?: boolean;
}

/** Options a screen may add to a declared call: the rest (method, encoding, sealing) is the declaration's. */
export type CallOptions = Pick<ClientOptions, 'loginStateCheck' | 'silent' | 'files'>;

/** The wire part of a call: enough to send it, without the schemas. */
export type CallRoute = Pick<Call, 'method' | 'path' | 'body'>;

/**
 * Sends a declared call (packages/contracts) and resolves with its declared success body;
 * rejects with ApiError otherwise. The input is the call's own schema input.
 */
export function request<C extends Call>(call: C, input?: CallInput<C>, options?: CallOptions): Promise<CallReply<C>>;
/**
 * A call's zod-free wire part (`PAGE_VIEW_ROUTE`), for the one call every public page makes at
 * load; its declaration spreads the same object, and the server holds the input to its rule.
 */
export function request(route: CallRoute, input: Payload, options?: CallOptions): Promise<unknown>;
export function request(target: Call | CallRoute, second?: unknown, third?: CallOptions): Promise<unknown> {
  const { path, rest } = callPath(target, (second ?? {}) as Record<string, unknown>);
  return send(path, {
    // A lost console session brings back the console's own sign-in (ConsoleProvider), never the member's /login.
    loginStateCheck: 'access' in target && typeof target.access === 'object',
    ...third,
    method: target.method,
    as: target.body === 'json' ? 'json' : target.body === 'multipart' ? 'multipart' : 'form',
    encrypt: 'encrypt' in target && target.encrypt === true,
    data: rest as Payload,
  });
}

async function send<T = unknown>(path: string, options: ClientOptions = {}): Promise<T> {
  const networkError = () => {
    if (!options.silent) void toastNetworkError();
  };
  let wire: Awaited<ReturnType<typeof browserWireConfig>>;
  try {
    wire = await browserWireConfig();
  } catch {
    networkError();
    throw new ApiError('network', 'NETWORK', NETWORK_ERROR_MSG, 0);
  }
  // The cipher is a chunk of its own, fetched the first time an encrypted call is made.
  const seal = options.encrypt ? await import('@apimarket/contracts/wire-crypto').then((m) => (v: string) => m.encryptField(v, wire.aesSecret)) : undefined;
  const cookies = document.cookie;
  const { url, init } = buildRequest(
    path,
    options,
    {
      ...wire,
      token: '', // myToken is HttpOnly: the cookie itself authenticates
      tourisToken: readCookie(cookies, COOKIE.tourisToken),
      isLogin: readCookie(cookies, COOKIE.membershipId) !== '',
      now: Date.now(),
    },
    seal,
  );

  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    networkError();
    throw new ApiError('network', 'NETWORK', NETWORK_ERROR_MSG, 0);
  }

  // Every status below 600 goes through the envelope; a file answer is returned as a Blob.
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    if (res.ok) return (await res.blob()) as T;
    networkError();
    throw new ApiError('network', `HTTP_${res.status}`, NETWORK_ERROR_MSG, res.status);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    networkError();
    throw new ApiError('network', 'BAD_JSON', NETWORK_ERROR_MSG, res.status);
  }
  if (isSuccessBody(body)) return body as T;

  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = String(fields.code ?? '');
  const msg = typeof fields.msg === 'string' ? fields.msg : NETWORK_ERROR_MSG;
  if (code === 'ALL_0024' && !options.loginStateCheck) void alertSessionExpired();
  throw new ApiError('server', code, msg, res.status, fields);
}
