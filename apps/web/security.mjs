// The web process's guard rails, applied by server.mjs to every request: the security headers of
// every answer, and the dev tools' pages (/dev/…, every SMS code) for this machine's browsers only.

/**
 * Headers for every answer of the web: no page may be framed (the user center can stop an
 * interface, rotate a secret, ask for a refund), no content sniffing, no full URL to other sites,
 * none of the powerful browser features the site never uses. HSTS only when the request came
 * over https (directly, or per the TLS proxy's X-Forwarded-Proto); browsers ignore it over http.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Record<string, string>}
 */
export function securityHeaders(req) {
  /** @type {Record<string, string>} */
  const headers = {
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim();
  if (/** @type {{ encrypted?: boolean }} */ (req.socket).encrypted || proto === 'https') {
    headers['Strict-Transport-Security'] = 'max-age=31536000';
  }
  return headers;
}

/**
 * 127.0.0.0/8 and ::1, also IPv4-mapped.
 * @param {string | undefined} address
 */
export function isLoopback(address) {
  const a = address?.startsWith('::ffff:') ? address.slice(7) : (address ?? '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Whether a request is for the dev tools' pages, however the path is spelled (escapes, doubled
 * slashes, case). A path that cannot be read counts as one: refusing it costs nothing.
 * @param {string | undefined} url
 */
export function isDevPath(url) {
  try {
    // The request target is a path ("/dev/outbox?to=…"), or a whole URL when sent to a proxy.
    const raw = (url ?? '/').startsWith('/') ? (url ?? '/') : new URL(url ?? '/').pathname;
    const path = decodeURIComponent(raw.split(/[?#]/)[0] ?? '/').replace(/[/\\]+/g, '/');
    // Resolves "." and ".." segments the way the router will.
    const p = new URL(path, 'http://web.invalid').pathname.toLowerCase();
    return p === '/dev' || p.startsWith('/dev/');
  } catch {
    return true;
  }
}

/**
 * The dev tools' pages read the API from this process (on loopback), so the API's own check
 * cannot see the browser: the web refuses them unless DEV_TOOLS_REMOTE=1 or the client is this
 * machine — the socket's peer on loopback, and so is every address a proxy in front of the web
 * (say nginx on this machine) forwarded. A forged X-Forwarded-For can only refuse more.
 * @param {import('node:http').IncomingMessage} req
 * @param {{ devToolsRemote: boolean }} config
 */
export function refuseDevTools(req, config) {
  if (config.devToolsRemote || !isDevPath(req.url)) return false;
  const forwarded = [req.headers['x-forwarded-for'] ?? []]
    .flat()
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return !isLoopback(req.socket.remoteAddress) || !forwarded.every(isLoopback);
}
