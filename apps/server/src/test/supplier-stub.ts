// A supplier on this machine, for the tests and benchmarks of supplier routing (issue #24): a small
// HTTP server answering {code, message, data} as a real supplier does, after a latency drawn from a
// log-normal distribution (a median and a 99th percentile, as suppliers' SLAs are written), and
// failing in the ways real ones fail — never answering, 5xx, a reset connection, a body that stalls
// halfway, malformed JSON — on a share of calls set per run and changeable while it runs. It can
// also go down and come back on the same port (connections refused meanwhile). Draws come from a
// seeded generator, so a run is repeatable.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type StubFailure = 'hang' | 'status500' | 'reset' | 'slowBody' | 'malformed';

export interface StubMode {
  /** Latency of an answer, log-normal: its median and 99th percentile, in ms (0 and 0: at once). */
  latency: { medianMs: number; p99Ms: number };
  /** A share (0–1) of calls failing, and how. */
  failure?: { kind: StubFailure; share: number };
}

export interface StubAnswer {
  code: string;
  message: string;
  data: unknown;
}

export interface SupplierStub {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  /** What the next calls meet. */
  setMode(mode: StubMode): void;
  /** Counts since start: answered, failed (by kind), and the calls under way now. */
  readonly stats: { calls: number; answered: number; failed: Record<StubFailure, number>; inFlight: number; peakInFlight: number };
  /** The request bodies and headers received, newest last (the last 100). */
  readonly received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }>;
  /** Stop listening (connections are refused) and end open ones; `up` listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export interface StubOptions {
  mode?: StubMode;
  /** The answer to a call (its path and JSON body); by default 10000 with a small result. */
  answer?: (path: string, params: Record<string, unknown>) => StubAnswer;
  seed?: number;
  port?: number;
  /** Put the wait drawn for each answer into its data as `waitMs` (benchmarks: the supplier's own time). */
  echoWait?: boolean;
}

/** mulberry32: a small seeded generator, enough for latencies and failure draws. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** z of the 99th percentile of the standard normal distribution. */
const Z99 = 2.3263478740408408;

/** A latency draw: median × e^(σz), σ chosen so that the 99th percentile is p99. */
export function drawLatency(random: () => number, { medianMs, p99Ms }: StubMode['latency']): number {
  if (medianMs <= 0) return 0;
  const sigma = p99Ms > medianMs ? Math.log(p99Ms / medianMs) / Z99 : 0;
  // Box–Muller: one standard normal draw from two uniform ones.
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return medianMs * Math.exp(sigma * z);
}

const defaultAnswer = (): StubAnswer => ({ code: '10000', message: '成功', data: { result: '1', desc: '一致' } });

export async function startSupplierStub(options: StubOptions = {}): Promise<SupplierStub> {
  let mode: StubMode = options.mode ?? { latency: { medianMs: 0, p99Ms: 0 } };
  const random = generator(options.seed ?? 24);
  const answer = options.answer ?? defaultAnswer;
  const stats = {
    calls: 0,
    answered: 0,
    failed: { hang: 0, status500: 0, reset: 0, slowBody: 0, malformed: 0 } as Record<StubFailure, number>,
    inFlight: 0,
    peakInFlight: 0,
  };
  const received: SupplierStub['received'] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.calls += 1;
    stats.inFlight += 1;
    stats.peakInFlight = Math.max(stats.peakInFlight, stats.inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      if (received.length > 100) received.shift();
      // Both draws are made for every call, so a change of the failure share keeps latencies in step.
      const wait = drawLatency(random, mode.latency);
      const failing = mode.failure && random() < mode.failure.share ? mode.failure.kind : null;
      if (failing === 'hang') {
        stats.failed.hang += 1;
        // Never answers: the caller's deadline ends it (or close() does).
        await once(req.socket, 'close');
        return;
      }
      await later(wait);
      if (failing === 'reset') {
        stats.failed.reset += 1;
        req.socket.destroy();
        return;
      }
      if (failing === 'status500') {
        stats.failed.status500 += 1;
        res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
        return;
      }
      if (failing === 'malformed') {
        stats.failed.malformed += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"10000","message":');
        return;
      }
      let params: Record<string, unknown> = {};
      try {
        params = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        // A supplier answers its own error to a body it cannot read; the stub's callers send JSON.
      }
      const given = answer(req.url ?? '/', params);
      const echoed =
        options.echoWait && given.data && typeof given.data === 'object' ? { ...given, data: { ...given.data, waitMs: Math.round(wait * 100) / 100 } } : given;
      const text = JSON.stringify(echoed);
      if (failing === 'slowBody') {
        stats.failed.slowBody += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        await once(req.socket, 'close');
        return;
      }
      stats.answered += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    } finally {
      stats.inFlight -= 1;
    }
  }

  let server: Server = makeServer();
  function makeServer(): Server {
    const s = createServer((req, res) => {
      handle(req, res).catch(() => res.destroy());
    });
    s.keepAliveTimeout = 30_000;
    s.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return s;
  }
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  async function stop(): Promise<void> {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    for (const s of sockets) s.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    received,
    setMode(next) {
      mode = next;
    },
    down: stop,
    async up() {
      if (server.listening) return;
      server = makeServer();
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    close: stop,
  };
}
