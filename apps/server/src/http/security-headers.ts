// The API's security headers (helmet), on every answer: JSON, the captcha image, the licence
// images, the xlsx downloads and the open data API. None of them is a page, so nothing may run,
// load or frame in them.
//
// The headers are the same on every answer, so helmet's middleware is built once here and run on
// each request. (@fastify/helmet, used before, built it again on every request: parsing the
// policy per call was 3–4 % of the open data API's CPU — docs/performance.md.)
import type { onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const API_HELMET: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  // Browsers reach the API through the web on the same origin (Decision 2), so same-origin
  // resource policy keeps the captcha and licence images working there and nowhere else.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // HSTS is the site's, sent by the web only over https; the API is reached through the web.
  strictTransportSecurity: false,
};

const applyHeaders = helmet(API_HELMET);

/** onRequest: sets the headers on the raw response, before any answer (errors and 404s included). */
export const securityHeaders: onRequestHookHandler = (request, reply, done) => {
  applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
};
