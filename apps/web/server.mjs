// The web process: Next.js behind a small Node HTTP server that also forwards /apiHome/* to the
// API server, so the browser stays same-origin. The forwarder appends the real peer address to
// X-Forwarded-For (Next alone keeps a client-supplied one as is), which is what the API server's
// throttling and login-risk checks rely on.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { refuseDevTools, securityHeaders } from './security.mjs';
import { legalEntityWarning } from '@apimarket/contracts/legal-entity';
import { loadWebConfig } from './web-config.mjs';

const config = loadWebConfig();
const dev = process.argv.includes('--dev');
const dir = path.dirname(fileURLToPath(import.meta.url));
const api = new URL(config.apiOrigin);

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function forwardToApi(req, res) {
  /** @type {http.OutgoingHttpHeaders} */
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
  const peer = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${prior}, ${peer}` : peer;
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
  headers.host = api.host;

  const upstream = http.request({ protocol: api.protocol, hostname: api.hostname, port: api.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: 'ALL_0098', msg: '服务暂不可用，请稍后再试' }));
  });
  req.pipe(upstream);
}

const app = next({ dev, dir, hostname: config.host, port: config.port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  for (const [name, value] of Object.entries(securityHeaders(req))) res.setHeader(name, value);
  if (config.devTools && refuseDevTools(req, config)) {
    // Not found, as for any other path a stranger has no business with.
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not Found');
    return;
  }
  if (req.url === '/__wire.json') {
    // The wire secrets are runtime settings the browser needs (see src/lib/api/wire-config.ts).
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(JSON.stringify(config.wire));
    return;
  }
  if (req.url === '/apiHome' || req.url?.startsWith('/apiHome/') || req.url?.startsWith('/apiHome?')) {
    forwardToApi(req, res);
    return;
  }
  handle(req, res);
});

server.listen(config.port, config.host, () => {
  const legalWarning = config.devTools ? null : legalEntityWarning(config.legalEntity);
  if (legalWarning) console.warn(legalWarning);
  console.log(`web ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (api ${config.apiOrigin})`);
});

const stop = () => {
  server.close(() => process.exit(0));
  // Keep-alive sockets would hold close() open; do not wait for them longer than needed.
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
