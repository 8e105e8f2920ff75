// The API's security headers (@fastify/helmet), on every answer: JSON, the captcha image, the
// licence images, the xlsx downloads and the open data API. None of them is a page, so nothing
// may run, load or frame in them.
import type { FastifyHelmetOptions } from '@fastify/helmet';

export const API_HELMET: FastifyHelmetOptions = {
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
