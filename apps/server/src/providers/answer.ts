// A supplier's answer as the platform reads it (Decision 10; the suppliers' router, issue #24):
// {code, message, data} with the code as a string, and its text made storable. Anything else is
// UpstreamRefused, which the router treats as the supplier failing (the next one is asked).
import { type ProviderAnswer, UpstreamRefused } from './types';

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
