// Stoplight Prism in validating proxy mode between a client and the portal API (issue #18 item 5):
// every /apiHome call is checked against the portal's OpenAPI document on its way in and its
// answer on its way out. What Prism says goes to `findings`: an answer that breaks its declared
// schema, a status the operation does not declare, a 5xx, and (with `errors`, as for the
// journeys) a request Prism refused because the document calls it invalid.
//
// Prism 5 is not a transparent proxy: it folds several Set-Cookie headers into one (the browser
// then keeps only the first cookie: stoplightio/prism#1190, #2676) and reads every body as UTF-8
// text, which spoils images, spreadsheets and uploads (#1321, #2349). So it runs between two thin
// relays in this process. The front one keeps each request as sent and hands Prism a copy (path
// without the /apiHome server prefix, as the document's relative server URL has it); the back
// one, which Prism forwards to, sends the API the kept request, byte for byte, and keeps its
// answer. Prism validates what it received; the front one then gives the client the API's own
// answer (every cookie, every byte), or Prism's refusal when Prism answered itself.
//
// A call without the session to a member or console operation is no invalid request: the
// document declares its 401 answer (ALL_0024), and pages ask so on purpose (am I signed in?).
// Prism --errors refuses it all the same (a missing credential is a failed security check), so
// with `errors` a second Prism without --errors takes exactly those calls: it forwards them and
// still checks the answer; any other fault it finds in such a request is a finding.
//
// As a command, for a stack running here (see docs/openapi.md):
//   node scripts/prism-proxy.mjs --api http://127.0.0.1:3001 [--port 4010] [--no-errors]
// then start the web with API_ORIGIN=http://127.0.0.1:4010; findings are printed as they come.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, root, waitForUrl } from './lib.mjs';

const PREFIX = '/apiHome';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'content-length']);
const RELAY_ID = 'x-prism-relay';
const LENIENT = 'x-prism-lenient';

/** Each operation of the document as a matcher: concrete paths before templated ones, as Prism routes. */
export function operationMatcher(document) {
  const ops = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (typeof op?.operationId !== 'string') continue;
      const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+');
      ops.push({ method: method.toUpperCase(), template, operationId: op.operationId, templated: template.includes('{'), re: new RegExp(`^${pattern}$`) });
    }
  }
  ops.sort((a, b) => Number(a.templated) - Number(b.templated));
  return (method, pathname) => ops.find((o) => o.method === method && o.re.test(pathname))?.operationId ?? null;
}

function readBody(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** One HTTP exchange; answers status, raw header pairs and the whole body. */
function exchange(agent, target, { method, path: p, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, hostname: target.hostname, port: target.port, method, path: p, headers }, (res) => {
      readBody(res).then((data) => resolve({ status: res.statusCode ?? 502, rawHeaders: res.rawHeaders, body: data }), reject);
    });
    req.on('error', reject);
    req.end(body.length ? body : undefined);
  });
}

/** Raw header pairs → node's header object (repeated names as arrays: Set-Cookie stays several headers). */
function headerObject(rawHeaders, drop = HOP_BY_HOP) {
  const out = {};
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (drop.has(name)) continue;
    const value = rawHeaders[i + 1];
    out[name] = out[name] === undefined ? value : [].concat(out[name], value);
  }
  return out;
}

/**
 * The body as Prism will forward it (JSON re-serialised, anything else read as UTF-8 text), so
 * the Content-Length Prism passes on matches what it sends; the back relay sends the original.
 */
function prismCopy(body, contentType) {
  if (body.length === 0) return body;
  const text = body.toString('utf8');
  if (/^application\/([\w.+-]+\+)?json/i.test(contentType ?? '')) {
    try {
      return Buffer.from(JSON.stringify(JSON.parse(text)));
    } catch {
      return Buffer.from(text);
    }
  }
  return Buffer.from(text);
}

function violationsOf(header) {
  if (typeof header !== 'string' || header === '') return [];
  try {
    return JSON.parse(header);
  } catch {
    // Prism cuts a long list to fit a header ("Too many violations! […"): keep it as one.
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 300) }];
  }
}

function problemType(body) {
  try {
    return String(JSON.parse(body.toString('utf8')).type ?? '').replace(/^.*#/, '');
  } catch {
    return '';
  }
}

function problemText(body) {
  try {
    const p = JSON.parse(body.toString('utf8'));
    const details = (p.validation ?? []).map((v) => `${(v.location ?? []).join('.')} ${v.message}`.trim());
    return [p.title ?? p.type, p.detail, ...details].filter(Boolean).join('; ');
  } catch {
    return body.toString('utf8').slice(0, 300);
  }
}

/**
 * Starts Prism (`prism proxy <document> <back relay> [--errors]`) between the two relays.
 * @param {{ document: string, api: string, errors: boolean, port?: number, label?: string,
 *   log?: string, quiet?: boolean }} options
 *   document: the portal document's file; api: the API's origin (http://127.0.0.1:<API_PORT>);
 *   errors: Prism's --errors (refuse invalid requests); port: the front relay's port (free one
 *   otherwise); label: names the findings' lines; log: Prism's own output file.
 */
export async function startPrismProxy({ document, api, errors, port, label = 'prism', log, quiet = false }) {
  const doc = JSON.parse(readFileSync(document, 'utf8'));
  const operationOf = operationMatcher(doc);
  const apiUrl = new URL(api);
  const [frontPort, backPort] = [port ?? (await freePort()), await freePort()];
  // A fresh connection per exchange: a kept-alive socket the other side has just closed (Node
  // servers drop idle ones after 5 s) would reset a request now and then.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 32 });
  const kept = new Map();
  let nextId = 1;
  const findings = [];
  const counts = { requests: 0, byOperation: new Map(), requestViolations: 0, withoutSession: 0, unknown: 0 };

  const note = (finding) => {
    findings.push(finding);
    if (!quiet)
      console.error(
        `[${label}] ${finding.kind}: ${finding.operation ?? '(no operation)'} ${finding.method} ${finding.path} → ${finding.status}: ${finding.message}`,
      );
  };

  // Prism forwards here: send the API the request as the client sent it, and keep the answer.
  const back = http.createServer(async (req, res) => {
    const given = await readBody(req);
    const entry = kept.get(String(req.headers[RELAY_ID] ?? ''));
    const outgoing = entry ?? { method: req.method, url: `${PREFIX}${req.url}`, headers: headerObject(req.rawHeaders), body: given };
    try {
      const headers = { ...headerObject(entry ? entry.rawHeaders : req.rawHeaders), host: apiUrl.host, 'content-length': String(outgoing.body.length) };
      delete headers[RELAY_ID];
      const answer = await exchange(agent, apiUrl, { method: outgoing.method, path: outgoing.url, headers, body: outgoing.body });
      if (entry) entry.answer = answer;
      res.writeHead(answer.status, { ...headerObject(answer.rawHeaders), 'content-length': String(answer.body.length) });
      res.end(answer.body);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`relay: the API did not answer (${err.message})`);
    }
  });

  // The client's side: hand Prism a copy, then answer with the API's own answer.
  const front = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    const portal = pathname === PREFIX || pathname.startsWith(`${PREFIX}/`);
    if (!portal) {
      // Not the portal API (nothing the document describes): straight through.
      try {
        const answer = await exchange(agent, apiUrl, {
          method: req.method,
          path: url,
          headers: { ...headerObject(req.rawHeaders), host: apiUrl.host, 'content-length': String(body.length) },
          body,
        });
        res.writeHead(answer.status, { ...headerObject(answer.rawHeaders), 'content-length': String(answer.body.length) });
        res.end(answer.body);
      } catch {
        res.writeHead(502).end();
      }
      return;
    }
    const id = String(nextId++);
    const lenient = req.headers[LENIENT] === '1';
    const rawHeaders = req.rawHeaders.filter((_, i, all) => all[i - (i % 2)].toLowerCase() !== LENIENT);
    const entry = { method: req.method ?? 'GET', url, rawHeaders, body, answer: null };
    kept.set(id, entry);
    const inDocument = pathname.slice(PREFIX.length) || '/';
    const operation = operationOf(entry.method, inDocument);
    counts.requests += 1;
    if (operation === null) {
      // No operation of the document: the API must answer as for any path it does not have
      // (404 ALL_0008, which Prism cannot check: it knows only the document's paths). Anything
      // else is a call the document leaves out.
      counts.unknown += 1;
      kept.delete(id);
      try {
        const answer = await exchange(agent, apiUrl, {
          method: entry.method,
          path: url,
          headers: { ...headerObject(rawHeaders), host: apiUrl.host, 'content-length': String(body.length) },
          body,
        });
        let code = '';
        try {
          code = JSON.parse(answer.body.toString('utf8')).code;
        } catch {}
        if (answer.status !== 404 || code !== 'ALL_0008') {
          note({
            operation: null,
            method: entry.method,
            path: pathname,
            status: answer.status,
            kind: 'not in the document',
            message: `answered ${answer.status} ${code}`.trim(),
            request: `${entry.method} ${url}`,
          });
        }
        res.writeHead(answer.status, { ...headerObject(answer.rawHeaders), 'content-length': String(answer.body.length) });
        res.end(answer.body);
      } catch {
        res.writeHead(502).end();
      }
      return;
    }
    counts.byOperation.set(operation, (counts.byOperation.get(operation) ?? 0) + 1);
    try {
      const copy = prismCopy(body, req.headers['content-type']);
      const ask = async (prism) => {
        const request = {
          method: entry.method,
          path: url.slice(PREFIX.length) || '/',
          headers: { ...headerObject(rawHeaders), host: `127.0.0.1:${prism.port}`, [RELAY_ID]: id, 'content-length': String(copy.length) },
          body: copy,
        };
        // A Prism being started again refuses connections for a few seconds: wait for it.
        for (let waited = 0; ; waited += 500) {
          try {
            return await exchange(agent, { hostname: '127.0.0.1', port: prism.port }, request);
          } catch (err) {
            if (err.code !== 'ECONNREFUSED' || waited > 90_000 || stopping) throw err;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      };
      // A client that sends a request invalid on purpose (the contract fuzz) asks for the Prism without --errors.
      let verdict = await ask(lenient && prisms[1] ? prisms[1] : prisms[0]);
      const unsigned = !lenient && !entry.answer && prisms[1] !== undefined && problemType(verdict.body) === 'UNAUTHORIZED';
      if (unsigned) {
        counts.withoutSession += 1;
        verdict = await ask(prisms[1]);
      }
      const verdictHeaders = headerObject(verdict.rawHeaders);
      const violations = violationsOf(verdictHeaders['sl-violations']);
      // The request as sent (cut short), so a finding can be reproduced.
      const sent = `${entry.method} ${url}${body.length ? ` ${body.subarray(0, 400).toString('utf8')}` : ''}`;
      const where = { operation, method: entry.method, path: pathname, request: sent };
      if (entry.answer) {
        const status = entry.answer.status;
        for (const v of violations) {
          const message = `${(v.location ?? []).slice(1).join('.')} ${v.message}`.trim();
          if (v.location?.[0] === 'response') {
            const undeclared = /Unable to match the returned status code/.test(v.message ?? '');
            note({ ...where, status, kind: undeclared ? 'undeclared status' : 'answer breaks its schema', message });
          } else if (unsigned && v.code !== 401 && v.severity === 'Error') {
            // What the first Prism would have refused, had the session not been missing.
            note({ ...where, status, kind: 'request breaks the document', message });
          } else {
            counts.requestViolations += 1;
          }
        }
        if (status >= 500) note({ ...where, status, kind: '5xx', message: entry.answer.body.toString('utf8').slice(0, 200) });
        const out = { ...headerObject(entry.answer.rawHeaders), 'content-length': String(entry.answer.body.length) };
        if (verdictHeaders['sl-violations']) out['sl-violations'] = verdictHeaders['sl-violations'];
        res.writeHead(status, out);
        res.end(entry.answer.body);
      } else {
        // Prism answered itself: the request broke the document (422, 401, 415), or no operation matches it (404, 405).
        note({ ...where, status: verdict.status, kind: 'refused by Prism', message: problemText(verdict.body) });
        res.writeHead(verdict.status, { ...verdictHeaders, 'content-length': String(verdict.body.length) });
        res.end(verdict.body);
      }
    } catch (err) {
      note({ operation, method: entry.method, path: pathname, status: 502, kind: 'relay', message: `Prism did not answer (${err.message})` });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    } finally {
      kept.delete(id);
    }
  });

  await new Promise((resolve) => back.listen(backPort, '127.0.0.1', resolve));
  const prismLog = createWriteStream(log ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'prism-')), 'prism.log'));
  let stopping = false;
  let restarts = 0;
  const shim = path.join(root, 'scripts/prism-shim.mjs');
  const launch = async (withErrors, prismPort) => {
    const args = [
      'proxy',
      document,
      `http://127.0.0.1:${backPort}`,
      '--port',
      String(prismPort),
      '--host',
      '127.0.0.1',
      '--cors=false',
      withErrors ? '--errors' : '--no-errors',
      '-v',
      'warn',
    ];
    const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(shim).href}`.trim() };
    const child = spawn(path.join(root, 'node_modules/.bin/prism'), args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(prismLog, { end: false });
    child.stderr.pipe(prismLog, { end: false });
    const prism = { port: prismPort, child, exited: new Promise((resolve) => child.on('exit', resolve)) };
    // Should Prism itself fail on some exchange, the run goes on with a new one on the same port
    // (that exchange is a finding: the relay reports the answer it did not get).
    child.on('exit', (code) => {
      if (stopping || ++restarts > 5) return;
      console.error(`[${label}] Prism (${withErrors ? '--errors' : 'no --errors'}) stopped (${code}); starting it again — see ${prismLog.path}`);
      launch(withErrors, prismPort).then((again) => Object.assign(prism, again));
    });
    return prism;
  };
  const prisms = errors ? await Promise.all([launch(true, await freePort()), launch(false, await freePort())]) : [await launch(false, await freePort())];
  // Prism does not outlive whoever started it.
  const orphans = () => {
    stopping = true;
    for (const prism of prisms) prism.child.kill('SIGTERM');
  };
  process.on('exit', orphans);
  // Prism answers an unknown path with 404 once it has read the document.
  for (const prism of prisms) {
    const up = await waitForUrl(`http://127.0.0.1:${prism.port}/__prism-ready`, { timeoutMs: 120_000, isAlive: () => prism.child.exitCode === null });
    if (!up) {
      stopping = true;
      back.close();
      for (const p of prisms) p.child.kill('SIGTERM');
      throw new Error(`Prism did not start (see ${prismLog.path})`);
    }
  }
  await new Promise((resolve) => front.listen(frontPort, '127.0.0.1', resolve));

  return {
    origin: `http://127.0.0.1:${frontPort}`,
    port: frontPort,
    findings,
    counts,
    log: prismLog.path,
    async stop() {
      stopping = true;
      process.off('exit', orphans);
      front.close();
      back.close();
      agent.destroy();
      for (const prism of prisms) prism.child.kill('SIGTERM');
      await Promise.all(prisms.map((p) => p.exited));
      await new Promise((resolve) => prismLog.end(resolve));
    },
  };
}

/** Findings grouped by operation and message, one line each with the first request, for a summary. */
export function summarize(findings) {
  const groups = new Map();
  for (const f of findings) {
    const key = `${f.kind}: ${f.operation ?? `${f.method} ${f.path}`} → ${f.status}: ${f.message}`;
    const group = groups.get(key) ?? { n: 0, request: f.request };
    group.n += 1;
    groups.set(key, group);
  }
  return [...groups].map(([line, { n, request }]) => `${line}${n > 1 ? ` (×${n})` : ''}${request ? `\n      e.g. ${request.slice(0, 300)}` : ''}`);
}

/** Fetches the portal document the API serves and writes it to `file`. */
export async function fetchPortalDocument(api, file) {
  const res = await fetch(`${api}${PREFIX}/openapi.json`);
  if (!res.ok) throw new Error(`GET ${PREFIX}/openapi.json answered ${res.status}`);
  writeFileSync(file, await res.text());
  return file;
}

// As a command: a proxy for a stack running here, until Ctrl-C.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const api = arg('--api') ?? `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apimarket-prism-'));
  const document = arg('--document') ?? (await fetchPortalDocument(api, path.join(dir, 'portal.json')));
  const proxy = await startPrismProxy({
    document,
    api,
    errors: !process.argv.includes('--no-errors'),
    port: arg('--port') ? Number(arg('--port')) : 4010,
    log: path.join(dir, 'prism.log'),
  });
  console.log(
    `Prism ${process.argv.includes('--no-errors') ? '' : '--errors '}proxy for ${api}: ${proxy.origin} (document ${document}, Prism's log ${proxy.log})`,
  );
  console.log(`start the web with API_ORIGIN=${proxy.origin}; Ctrl-C prints the summary`);
  const finish = async () => {
    await proxy.stop();
    const lines = summarize(proxy.findings);
    console.log(`\n${proxy.counts.requests} requests, ${lines.length} distinct findings`);
    for (const line of lines) console.log(`  ${line}`);
    process.exit(lines.length ? 1 : 0);
  };
  process.on('SIGINT', finish);
  process.on('SIGTERM', finish);
}
