// Structured logs (pino) that never carry a password, code, token, key, name, e-mail or ID
// number: request lines keep the path without its query string, a failed query is logged
// without its bound values, and every logged object is scrubbed by key and by the shape of the
// values (ID numbers, mobiles, bank cards, e-mail addresses, keys) before it is written.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

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
    // SMS carriers' credentials and template variables (the code travels in them).
    'accesskeyid',
    'accesskeysecret',
    'secretid',
    'secretkey',
    'templateparam',
    'templateparamset',
    // Personal names and addresses: a log line needs none of them to be useful.
    'name',
    'realname',
    'contacter',
    'contact',
    'contactname',
    'linkman',
    'legalperson',
    'email',
    'mail',
    'to',
    'recipient',
    // Bound values of a failed query, and PostgreSQL's quotes of the offending row.
    'params',
    'parameters',
    'detail',
  ].map((k) => k.toLowerCase()),
);

const ID_NUMBER = /(?<!\d)(\d{6})\d{8}(\d{3}[\dXx])(?!\d)/g;
const BANK_CARD = /(?<!\d)(\d{4})\d{8,11}(\d{4})(?!\d)/g;
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
// Purchase keys and API secrets are 43 base64url characters; request ids (UUIDs) are 36.
const KEY_LIKE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g;

export function scrubString(value: string): string {
  return value
    .replace(KEY_LIKE, '[key]')
    .replace(EMAIL, '$1***@$2')
    .replace(ID_NUMBER, '$1********$2')
    .replace(BANK_CARD, '$1****$2')
    .replace(MOBILE, '$1****$2');
}

// drizzle's "Failed query: <sql>\nparams: <every bound value>": the statement helps, the values leak.
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
// PostgreSQL quotes the offending value in its messages (`value "…" is out of range`).
const QUOTED = /"[^"\n]{0,200}"/g;

// What a database error carries beside its SQLSTATE: the statement again, or driver internals.
const ERROR_NOISE = new Set(['query', 'where', 'hint', 'internalQuery', 'internalPosition', 'queryOptions', 'length', 'file', 'line', 'routine', 'position']);

/** An error as the log may keep it: type, SQLSTATE or code, message and stack without values. */
export function errorForLog(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const fields = err as unknown as Record<string, unknown>;
  const isDatabaseError = typeof fields.code === 'string' && typeof fields.severity === 'string';
  const clean = (text: string | undefined) => {
    const withoutParams = (text ?? '').replace(QUERY_PARAMS, '\nparams: [not logged]');
    return scrubString(isDatabaseError ? withoutParams.replace(QUOTED, '"…"') : withoutParams);
  };
  const out: Record<string, unknown> = { type: err.constructor.name || err.name, message: clean(err.message), stack: clean(err.stack) };
  for (const [k, v] of Object.entries(fields)) {
    // An error's `code` is its kind (SQLSTATE, FST_…), not a verification code: it stays.
    if (k === 'cause' || (k !== 'code' && SECRET_KEYS.has(k.toLowerCase())) || ERROR_NOISE.has(k)) continue;
    out[k] = typeof v === 'string' ? clean(v) : v;
  }
  if (err.cause !== undefined && depth < 3) out.cause = errorForLog(err.cause, depth + 1);
  return out;
}

/** A copy of a log object with secrets replaced and personal numbers masked. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  // Keep the error's type and code; drop what its message or stack may quote of the input.
  if (value instanceof Error) return errorForLog(value);
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

/**
 * The process's logger. JSON lines for files and production; on a terminal (`npm start`, or
 * LOG_FORMAT=pretty) one readable line per event, scrubbed the same way.
 */
export function createLogger(level: string, destination?: DestinationStream, format: 'json' | 'pretty' = 'json'): Logger {
  const target =
    destination ??
    (format === 'pretty'
      ? pretty({
          colorize: true,
          translateTime: 'SYS:HH:MM:ss',
          // A request reads "POST /apiHome/memberShip/postLogin 200 12.3 ms"; other events keep their fields.
          ignore: 'pid,hostname,reqId,req,res,responseTime',
          messageFormat: (log, messageKey) => {
            const req = log.req as { method?: string; path?: string } | undefined;
            const res = log.res as { statusCode?: number } | undefined;
            if (req?.method && res?.statusCode) return `${req.method} ${req.path ?? ''} ${res.statusCode} ${String(log.responseTime ?? '')} ms`;
            return String(log[messageKey] ?? '');
          },
          singleLine: true,
        })
      : undefined);
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
        err: errorForLog,
      },
    },
    target,
  );
}

/**
 * Fastify logs a request twice (incoming, completed); one line when its answer has gone says all
 * of it: method, path, address, status and time (a terminal shows "POST /path 200 12.3 ms").
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
