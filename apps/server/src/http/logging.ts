// Structured logs (pino) that never carry a password, code, token or ID number: request lines
// keep the path without its query string, and every logged object is scrubbed by key and by
// the shape of the values (ID numbers, mobiles, bank cards) before it is written.
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

const SECRET_KEYS = new Set(
  [
    'pwd',
    'password',
    'checkpass',
    'newpassword',
    'oldpassword',
    'code',
    'verifycode',
    'smscode',
    'msgcaptra',
    'captcha',
    'imgcode',
    'imagecode',
    'yzm',
    'token',
    'mytoken',
    'touristoken',
    'sign',
    'secret',
    'key',
    'appkey',
    'authorization',
    'cookie',
    'set-cookie',
    'idcard',
    'idno',
    'idnumber',
    'acc_no',
    'cardno',
  ].map((k) => k.toLowerCase()),
);

const ID_NUMBER = /(?<!\d)(\d{6})\d{8}(\d{3}[\dXx])(?!\d)/g;
const BANK_CARD = /(?<!\d)(\d{4})\d{8,11}(\d{4})(?!\d)/g;
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

export function scrubString(value: string): string {
  return value.replace(ID_NUMBER, '$1********$2').replace(BANK_CARD, '$1****$2').replace(MOBILE, '$1****$2');
}

/** A copy of a log object with secrets replaced and personal numbers masked. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) {
    // Keep the error's type and code; mask what its message or stack may quote of the input.
    const e = pino.stdSerializers.err(value);
    return { ...e, message: scrubString(e.message), stack: scrubString(e.stack) };
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  // Class instances (Fastify's request and reply) are left to their serializers below.
  // (Parsed bodies may have null-prototype chains; those are data and get walked.)
  const ctor: unknown = (value as { constructor?: unknown }).constructor;
  if (typeof ctor === 'function' && ctor !== Object) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEYS.has(k.toLowerCase()) ? '[redacted]' : scrub(v, depth + 1);
  }
  return out;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (obj) => scrub(obj) as Record<string, unknown> },
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          // The query string can carry phone numbers and captcha answers: log the path only.
          path: (req.url ?? '').split('?')[0],
          ip: req.ip,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
