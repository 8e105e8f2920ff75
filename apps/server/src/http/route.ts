// Registers portal routes from their declarations in packages/contracts (Decision 150): the
// declared method and path, the guard its access names, its input parsed by the declared schema
// before the handler runs, and — in tests — its answer held to the declared answer schema. A
// route that is not declared cannot be registered this way, and a test finds any other kind.
import { type Access, type Call, type CallParsed, type CallReply, type CallSpec, type ConsoleArea, isSuccessBody } from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { type Account, requireAccount, requireCompanyView, requireFeature, requireQualified } from '../modules/account/access';
import { requireOperator } from '../modules/console/guard';
import type { Actor, Operator } from '../modules/console/operators.service';
import { parseInput } from './parse';

/** What the access rule hands the handler: nothing, the member's account, or the operator. */
export type Caller<A extends Access> = A extends 'anyone' | 'dev' ? null : A extends { operator: unknown } ? { operator: Operator; actor: Actor } : Account;

export interface CallContext<C extends Call> {
  request: FastifyRequest;
  reply: FastifyReply;
  input: CallParsed<C>;
  caller: Caller<C['access']>;
}

/**
 * What a handler may return: the declared answer, where any text may still be a Date (the JSON
 * serialiser writes it as ISO text, which is what the answer schema describes). A file call
 * sends through `reply` and returns what reply.send returned; so may a list that answers its
 * file when the input asks (its declaration names the file in `export`).
 */
type Wire<T> = T extends string ? string | Date : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
export type HandlerResult<C extends Call> = C['answer'] extends { file: readonly string[] } ? FastifyReply : Wire<CallReply<C>> | FastifyReply;

export type Handler<C extends Call> = (ctx: CallContext<C>) => Promise<HandlerResult<C>>;

export interface RouteDeps {
  db: Db;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Registered from a declaration (the routes test finds any route that was not). */
    declared?: boolean;
  }
  interface FastifyInstance {
    /** Hold every success answer to its declared schema (set by buildApp for tests). */
    checkAnswers: boolean;
  }
}

/** The fields of a request: the query of a GET, else the body (or the query when there is none), plus path parameters. */
export function requestFields(request: FastifyRequest, call: Pick<Call, 'method' | 'body'>): Record<string, unknown> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const source = call.method === 'GET' || call.body === 'multipart' ? request.query : (request.body ?? request.query);
  const fields = source !== null && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  return Object.keys(params).length === 0 ? fields : { ...fields, ...params };
}

async function admit<A extends Access>(db: Db, request: FastifyRequest, access: A): Promise<Caller<A>> {
  if (access === 'anyone' || access === 'dev') return null as Caller<A>;
  if (access === 'member') return (await requireAccount(request)) as Caller<A>;
  if (access === 'qualified') return (await requireQualified(request, db)) as Caller<A>;
  if (access === 'companyView') return (await requireCompanyView(request, db)) as Caller<A>;
  return (await requireOperator(db, request, (access as { operator: ConsoleArea }).operator)) as Caller<A>;
}

const PAGE_KEYS = new Set(['code', 'msg', 'rows', 'total']);
const VALUE_KEYS = new Set(['code', 'msg', 'data']);

/** Why an answer breaks its declaration, or null. Checks the JSON that goes on the wire. */
export function answerDrift(call: Call, body: unknown): string | null {
  if ('file' in call.answer || !isSuccessBody(body)) return null;
  const wire = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  const check = (schema: z.ZodType, value: unknown, where: string): string | null => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return `${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
    // A field the schema does not know would be stripped by zod; on the wire it is a drift.
    const extra = extraKeys(value, parsed.data, where);
    return extra;
  };
  // An answer may carry named keys beside data or rows (a queue's tab counts); each is declared too.
  const own = 'data' in call.answer ? VALUE_KEYS : PAGE_KEYS;
  const extra = call.answer.extra ?? {};
  for (const key of Object.keys(wire)) {
    if (!own.has(key) && !Object.hasOwn(extra, key)) return `${key} is not declared`;
  }
  for (const [key, schema] of Object.entries(extra)) {
    const problem = check(schema, wire[key], key);
    if (problem) return problem;
  }
  if ('data' in call.answer) return check(call.answer.data, wire.data, 'data');
  if (!Array.isArray(wire.rows) || typeof wire.total !== 'number') return 'rows/total missing';
  for (const [i, row] of wire.rows.entries()) {
    const problem = check(call.answer.rows, row, `rows[${i}]`);
    if (problem) return problem;
  }
  return null;
}

function extraKeys(sent: unknown, kept: unknown, where: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (const [i, v] of sent.entries()) {
      const problem = extraKeys(v, kept[i], `${where}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (sent === null || typeof sent !== 'object' || kept === null || typeof kept !== 'object') return null;
  for (const [k, v] of Object.entries(sent)) {
    if (!Object.hasOwn(kept, k)) return `${where}.${k} is not declared`;
    const problem = extraKeys(v, (kept as Record<string, unknown>)[k], `${where}.${k}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * `const route = routes(app, deps)`, then `route(call, handler)` for each declared call. Routes
 * are registered on `app`, so the /apiHome prefix and the plugin's hooks apply.
 */
export function routes(app: FastifyInstance, deps: RouteDeps) {
  return function route<I extends z.ZodType, A extends CallSpec['answer'], X extends Access>(
    call: CallSpec<I, A, X>,
    handler: Handler<CallSpec<I, A, X>>,
  ): void {
    app.route({
      method: call.method,
      url: call.path,
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      // An <img> or a link cannot sign; for those calls the session cookie alone decides.
      config: { sign: call.unsigned !== true, declared: true },
      handler: async (request, reply) => {
        const caller = await admit(deps.db, request, call.access);
        if (call.feature !== undefined) await requireFeature(deps.db, caller as Account, call.feature);
        // A multipart body is read by its handler (the file streams); its fields follow the same schema there.
        const input = call.body === 'multipart' ? (undefined as CallParsed<typeof call>) : parseInput(call.input, requestFields(request, call));
        const answer = await handler({ request, reply, input, caller });
        if (app.checkAnswers && !reply.sent) {
          const drift = answerDrift(call, answer);
          if (drift) throw new Error(`answer of ${call.method} ${call.path} breaks its declaration: ${drift}`);
        }
        return answer;
      },
    });
  };
}
