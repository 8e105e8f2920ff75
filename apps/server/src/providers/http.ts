// The real-supplier adapter (Decision 10): forwards a call's parameters as JSON to the upstream
// configured for the interface and expects {code, message, data} back. Anything else — no
// answer in time, a refused connection, a non-2xx status, a body of another shape — is a
// typed failure the gateway turns into SYSTEM_027 / SYSTEM_028; nothing upstream leaks out.
import { type DataProvider, type ProviderAnswer, UpstreamRefused, UpstreamTimeout } from './types';

export interface HttpUpstream {
  /** The supplier's endpoint for this interface. */
  url: string;
  /** How long the whole exchange (connect, send, receive the body) may take. */
  timeoutMs: number;
  /** Extra request headers, e.g. the supplier's credentials. */
  headers?: Record<string, string>;
}

/** Larger answers are not what a data API sends; refuse rather than buffer them. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export function httpProvider({ url, timeoutMs, headers = {} }: HttpUpstream): DataProvider {
  return {
    name: 'http',
    async call(_spec, params, { signal }) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const both = AbortSignal.any([signal, timeout]);
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
          body: JSON.stringify(params),
          signal: both,
        });
        if (!res.ok) throw new UpstreamRefused(`数据源返回 HTTP ${res.status}`);
        if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw new UpstreamRefused('数据源应答过大');
        return parseAnswer(await res.text());
      } catch (err) {
        throw classify(err, signal, timeout);
      }
    },
  };
}

/** The typed failure behind a fetch error; the caller's own abort passes through untouched. */
function classify(err: unknown, caller: AbortSignal, timeout: AbortSignal): unknown {
  if (err instanceof UpstreamRefused || err instanceof UpstreamTimeout) return err;
  if (timeout.aborted) return new UpstreamTimeout();
  if (caller.aborted) {
    // The gateway's own deadline is a timeout too; any other abort is the caller's business.
    const reason: unknown = caller.reason;
    return reason instanceof Error && reason.name === 'TimeoutError' ? new UpstreamTimeout() : reason;
  }
  return new UpstreamRefused('数据源连接失败', { cause: err });
}

/** NUL and unpaired surrogates (broken text): what PostgreSQL text and jsonb refuse to store. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL is the point.
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (text: string) => text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');

/**
 * JSON.parse's reviver: a supplier's strings and field names as the platform can keep them. The
 * screens store answers after the call was charged, so the text is made storable here, once, at
 * the border — a stray NUL must not lose a paid answer (Decision 217).
 */
function storable(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return clean(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.some((k) => clean(k) !== k)) return Object.fromEntries(keys.map((k) => [clean(k), (value as Record<string, unknown>)[k]]));
  }
  return value;
}

/** The upstream's body as an answer, or UpstreamRefused when it is not {code, message, data}. */
export function parseAnswer(text: string): ProviderAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text, storable);
  } catch (err) {
    throw new UpstreamRefused('数据源应答不是 JSON', { cause: err });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UpstreamRefused('数据源应答格式不符');
  const code = 'code' in body ? body.code : undefined;
  const message = 'message' in body ? body.message : undefined;
  // Codes are strings on the wire; a supplier sending 10000 as a number means the same.
  const codeText = typeof code === 'number' && Number.isInteger(code) ? String(code) : code;
  if (typeof codeText !== 'string' || codeText === '' || typeof message !== 'string' || !('data' in body)) {
    throw new UpstreamRefused('数据源应答格式不符');
  }
  return { code: codeText, message, data: body.data };
}
