// The open data API's suppliers (issue #24): which supplier answers a call, and what happens when
// one is slow or down. An interface's enabled routes are tried by priority, by weight within a
// priority; a supplier whose breaker is open, or whose calls under way and waiting are at their
// limit (its bulkhead), is passed over at once; a supplier that times out or fails is followed by
// the next while the call's deadline allows. The gateway charges the call once, for the answer it
// finally gives, and records every supplier tried (SupplierTrace). An interface with no route is
// answered by the sandbox.
//
// Breakers and bulkheads are cockatiel's policies, one pair per supplier in each server process;
// each supplier has its own keep-alive connection pool (an undici Agent).
import {
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
  CircuitState,
  circuitBreaker,
  bulkhead as makeBulkhead,
  handleType,
  isBrokenCircuitError,
  isBulkheadRejectedError,
  SamplingBreaker,
} from 'cockatiel';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Agent, request } from 'undici';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type RouteMapping, supplierRoutes, suppliers } from '../../db/schema';
import { Memo } from '../../memo';
import { parseAnswer } from '../../providers/answer';
import {
  type CallOptions,
  type DataProvider,
  type InterfaceSpec,
  type RoutedAnswer,
  type SupplierTrace,
  UpstreamBusy,
  UpstreamRefused,
  UpstreamTimeout,
} from '../../providers/types';
import { openCredentials } from './credentials';

/** One route as the router uses it: credentials opened, supplier's limits beside it. */
export interface LiveRoute {
  id: number;
  supplierId: number;
  supplierName: string;
  endpoint: string;
  headers: Record<string, string>;
  timeoutMs: number;
  priority: number;
  weight: number;
  costMfen: number;
  mapping: RouteMapping;
  maxConcurrent: number;
  maxQueue: number;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface RouterOptions {
  db: Db;
  config: Config;
  logger: FastifyBaseLogger;
  /** What answers an interface without routes. */
  fallback: DataProvider;
  /** Told when a supplier's breaker changes state in this process (to record it and tell the operators). */
  onBreaker?: (supplierId: number, state: BreakerState, reason: string) => void;
}

/** The largest answer body read from a supplier. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** How long a new connection to a supplier may take (a refused or unreachable one fails over). */
const CONNECT_TIMEOUT_MS = 2000;
/** A supplier is not tried with less time than this left: it could not answer. */
const LEAST_USEFUL_MS = 50;

class UpstreamFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

/** A supplier's policies in this process, rebuilt when its limits change. */
interface Guard {
  limits: string;
  breaker: CircuitBreakerPolicy;
  bulkhead: BulkheadPolicy;
  agent: Agent;
  lastFailure: string;
}

const stateName = (s: CircuitState): BreakerState =>
  s === CircuitState.Open || s === CircuitState.Isolated ? 'open' : s === CircuitState.HalfOpen ? 'half_open' : 'closed';

export class SupplierRouter {
  private readonly routes = new Memo<number, LiveRoute[]>('suppliers', { ms: 30_000, max: 5000 });
  private readonly guards = new Map<number, Guard>();

  constructor(private readonly options: RouterOptions) {}

  /** The provider the gateway calls for an interface: its suppliers, or the fallback when it has none. */
  providerFor(_interfaceId: number): DataProvider {
    return this.provider;
  }

  private readonly provider: DataProvider = {
    name: 'suppliers',
    call: (spec, params, options) => this.call(spec, params, options),
  };

  /** Each supplier's breaker state in this process (suppliers never called yet are closed). */
  breakerStates(): Map<number, BreakerState> {
    return new Map([...this.guards].map(([id, g]) => [id, stateName(g.breaker.state)]));
  }

  async close(): Promise<void> {
    await Promise.all([...this.guards.values()].map((g) => g.agent.close()));
    this.guards.clear();
  }

  async routesOf(interfaceId: number): Promise<LiveRoute[]> {
    const known = this.routes.get(interfaceId);
    if (known) return known;
    const rows = await this.options.db
      .select({ r: supplierRoutes, name: suppliers.name, maxConcurrent: suppliers.maxConcurrent, maxQueue: suppliers.maxQueue })
      .from(supplierRoutes)
      .innerJoin(suppliers, eq(suppliers.id, supplierRoutes.supplierId))
      .where(and(eq(supplierRoutes.interfaceId, interfaceId), eq(supplierRoutes.enabled, true), eq(suppliers.status, 'enabled')))
      .orderBy(asc(supplierRoutes.priority), asc(supplierRoutes.id));
    const live = rows.flatMap(({ r, name, maxConcurrent, maxQueue }) => {
      let headers: Record<string, string>;
      try {
        headers = openCredentials(this.options.config, r.interfaceId, r.supplierId, r.credentialsSealed);
      } catch (err) {
        // Sealed under another SECRETS_KEY: the route cannot authenticate, so it is not tried
        // (the others still are) until an editor enters its credentials again.
        this.options.logger.error({ err, routeId: r.id }, 'a supplier route’s credentials cannot be opened; the route is skipped');
        return [];
      }
      return [
        {
          id: r.id,
          supplierId: r.supplierId,
          supplierName: name,
          endpoint: r.endpoint,
          headers,
          timeoutMs: r.timeoutMs,
          priority: r.priority,
          weight: r.weight,
          costMfen: r.costMfen,
          mapping: r.mapping,
          maxConcurrent,
          maxQueue,
        },
      ];
    });
    this.routes.set(interfaceId, live);
    return live;
  }

  async call(spec: InterfaceSpec, params: Record<string, string>, options: CallOptions): Promise<RoutedAnswer> {
    const routes = await this.routesOf(spec.id);
    if (routes.length === 0) return { ...(await this.options.fallback.call(spec, params, options)), by: this.options.fallback.name };
    const deadlineAt = options.deadlineAt ?? Date.now() + this.options.config.gateway.upstreamTimeoutMs;
    // Whatever a supplier is doing when the call's time is up is abandoned. A controller and a
    // timer cleared on the way out: AbortSignal.timeout registers every signal for finalization
    // and cost 11 µs of CPU a call here against 3.5 µs (200 000 of each, with their collection).
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), Math.max(1, deadlineAt - Date.now()));
    timer.unref();
    const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
    try {
      return await this.attempt(routes, spec, params, deadlineAt, signal);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The routes in turn until one answers, within the deadline; UpstreamTimeout/Refused/Busy with the trace if none does. */
  private async attempt(
    routes: readonly LiveRoute[],
    spec: InterfaceSpec,
    params: Record<string, string>,
    deadlineAt: number,
    signal: AbortSignal,
  ): Promise<RoutedAnswer> {
    const trace: SupplierTrace = { answeredBy: null, name: '', costMfen: 0, ms: null, attempts: [] };
    let lastFailure: 'timeout' | 'refused' | null = null;
    for (const route of orderOf(routes)) {
      const left = deadlineAt - Date.now();
      if (left < LEAST_USEFUL_MS || signal.aborted) break;
      const guard = this.guardOf(route);
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      try {
        const answer = await guard.bulkhead.execute(() =>
          guard.breaker.execute(() => this.ask(route, guard, spec, params, Math.min(route.timeoutMs, left), signal)),
        );
        const ms = took();
        trace.attempts.push({ s: route.supplierId, ms, r: 'ok' });
        Object.assign(trace, { answeredBy: route.supplierId, name: route.supplierName, costMfen: route.costMfen, ms });
        return { ...answer, supplier: trace, by: route.supplierName };
      } catch (err) {
        if (isBulkheadRejectedError(err)) trace.attempts.push({ s: route.supplierId, ms: 0, r: 'busy' });
        else if (isBrokenCircuitError(err)) trace.attempts.push({ s: route.supplierId, ms: 0, r: 'open' });
        else if (err instanceof UpstreamFailure) {
          trace.attempts.push({ s: route.supplierId, ms: took(), r: err.kind });
          lastFailure = err.kind;
          guard.lastFailure = err.message;
        } else throw err;
      }
    }
    // None answered: a timeout if the last supplier tried ran out of time, refused if it failed;
    // none tried, busy when a supplier was at its limit (try again shortly), refused when every
    // breaker was open (the suppliers are down).
    const busy = trace.attempts.some((x) => x.r === 'busy');
    const failure = lastFailure === 'timeout' ? new UpstreamTimeout() : lastFailure === 'refused' || !busy ? new UpstreamRefused() : new UpstreamBusy();
    failure.supplier = trace;
    throw failure;
  }

  private guardOf(route: LiveRoute): Guard {
    const limits = `${route.maxConcurrent}/${route.maxQueue}`;
    const known = this.guards.get(route.supplierId);
    if (known && known.limits === limits) return known;
    const { breaker: b } = this.options.config.gateway;
    // A new limit keeps the breaker's state: only the bulkhead and the pool are made anew.
    const breaker =
      known?.breaker ??
      circuitBreaker(handleType(UpstreamFailure), {
        halfOpenAfter: b.halfOpenAfterMs,
        breaker: new SamplingBreaker({ threshold: b.threshold, duration: b.windowMs, minimumRps: b.minimumRps }),
      });
    if (!known) this.watch(route.supplierId, breaker);
    void known?.agent.close();
    const guard: Guard = {
      limits,
      breaker,
      bulkhead: makeBulkhead(route.maxConcurrent, route.maxQueue),
      agent: new Agent({
        connections: route.maxConcurrent,
        keepAliveTimeout: 30_000,
        pipelining: 1,
        maxResponseSize: MAX_BODY_BYTES,
        connectTimeout: CONNECT_TIMEOUT_MS,
      }),
      lastFailure: known?.lastFailure ?? '',
    };
    this.guards.set(route.supplierId, guard);
    return guard;
  }

  /**
   * Tell the supplier's opening and its closing, once each: a probe that fails re-opens a breaker
   * that was open all along (every cool-down while a supplier is down), which is no news.
   */
  private watch(supplierId: number, breaker: CircuitBreakerPolicy): void {
    let open = false;
    const tell = (state: BreakerState) => {
      const guard = this.guards.get(supplierId);
      const reason = state === 'open' ? guard?.lastFailure || '调用失败率超过阈值' : '';
      try {
        this.options.onBreaker?.(supplierId, state, reason);
      } catch (err) {
        this.options.logger.error({ err, supplierId }, 'a breaker change could not be told');
      }
    };
    breaker.onBreak(() => {
      if (open) return;
      open = true;
      tell('open');
    });
    breaker.onReset(() => {
      if (!open) return;
      open = false;
      tell('closed');
    });
  }

  /** One supplier asked once: its answer in the interface's own names and codes, or UpstreamFailure. */
  private async ask(
    route: LiveRoute,
    guard: Guard,
    spec: InterfaceSpec,
    params: Record<string, string>,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<RoutedAnswer> {
    const body: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) body[route.mapping.params[name] ?? name] = value;
    // undici's own timeouts bound the wait for the answer's head and each pause in its body (no
    // timer or signal of ours per attempt); the call's deadline (`signal`) bounds the whole.
    let text: string;
    try {
      const res = await request(route.endpoint, {
        method: 'POST',
        dispatcher: guard.agent,
        headers: { 'content-type': 'application/json', accept: 'application/json', ...route.headers },
        body: JSON.stringify(body),
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      if (res.statusCode < 200 || res.statusCode > 299) {
        await res.body.dump();
        throw new UpstreamFailure('refused', `HTTP ${res.statusCode}`);
      }
      if (Number(res.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        await res.body.dump();
        throw new UpstreamFailure('refused', '应答过大');
      }
      text = await res.body.text();
    } catch (err) {
      if (err instanceof UpstreamFailure) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
        throw new UpstreamFailure('timeout', `超过 ${timeoutMs} ms 未应答`);
      }
      // The call's deadline came while this supplier was still answering: it took too long.
      if (signal.aborted) throw new UpstreamFailure('timeout', '调用时限内未应答');
      throw new UpstreamFailure('refused', `连接失败（${code ?? 'error'}）`);
    }
    let answer: RoutedAnswer;
    try {
      answer = parseAnswer(text);
    } catch {
      throw new UpstreamFailure('refused', '应答格式不符');
    }
    const code = route.mapping.codes[answer.code] ?? answer.code;
    // A code the interface does not declare is the supplier's own trouble ("系统繁忙"…): the next one is asked.
    const declared = spec.codes.find((c) => c.code === code);
    if (!declared) throw new UpstreamFailure('refused', `未约定的返回码 ${answer.code}`);
    // The interface's own words for its code: the customer reads the same whichever supplier answered.
    return { code, message: declared.message, data: renamed(answer.data, route.mapping.fields) };
  }
}

/** The routes in the order they are tried: by priority; within one, a weighted draw without replacement. */
export function orderOf(routes: readonly LiveRoute[], random: () => number = Math.random): LiveRoute[] {
  const out: LiveRoute[] = [];
  const priorities = [...new Set(routes.map((r) => r.priority))].sort((a, b) => a - b);
  for (const p of priorities) {
    const pool = routes.filter((r) => r.priority === p);
    while (pool.length > 0) {
      const total = pool.reduce((s, r) => s + Math.max(r.weight, 0), 0);
      let draw = random() * total;
      let i = pool.findIndex((r) => {
        draw -= Math.max(r.weight, 0);
        return draw < 0;
      });
      if (i < 0) i = pool.length - 1;
      out.push(...pool.splice(i, 1));
    }
  }
  return out;
}

/** The answer's top-level data fields in the interface's names. */
function renamed(data: unknown, fields: Record<string, string>): unknown {
  if (Object.keys(fields).length === 0 || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [fields[k] ?? k, v]));
}
