// The portal API's request conventions, enforced once for every /apiHome route: the MD5 sign
// and cdpDate window, encrypt=1 field decoding, the tourist token cookie, CSRF for cookie
// sessions, and the lazily resolved session. Routes opt out of the sign with config.sign=false
// (an <img> captcha or a load balancer's health probe cannot sign). Paths outside /apiHome (the
// open data API) have their own contract and are left alone.
import { timingSafeEqual } from 'node:crypto';
import { CDP_DATE_TOLERANCE_MS, COOKIE, computeSign, decryptField, FieldDecryptError, inputProblem, isConventionField } from '@apimarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { resolveSession, type SessionMember } from '../modules/identity/session.service';
import { isPortalPath } from './error-handler';
import { AppError, Invalid, Unauthenticated } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route accepts unsigned requests. */
    sign?: boolean;
  }
  interface FastifyRequest {
    /** The convention fields as sent (spec 01 §7.1). */
    wire: { token: string; cdpDate: string; tourisToken: string; isLogin: string; encrypted: boolean };
    touristToken: string;
    /** The logged-in member, resolved on first use; null when anonymous. */
    member(): Promise<SessionMember | null>;
    /** The session token this request carries (cookie first, then the token field). */
    sessionToken(): string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOURIST_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

type Fields = Record<string, unknown>;
type WireFields = FastifyRequest['wire'];

const NO_WIRE: WireFields = Object.freeze({ token: '', cdpDate: '', tourisToken: '', isLogin: '', encrypted: false });
// Fastify 5 forbids object-valued request decorators; the parsed fields live beside the request.
const wireOf = new WeakMap<FastifyRequest, WireFields>();

function asFields(value: unknown): Fields | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function decryptAll(fields: Fields, secret: string): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) {
    if (isConventionField(k) || v === '' || v === undefined) {
      out[k] = v;
    } else if (typeof v === 'string') {
      out[k] = decryptField(v, secret, k);
    } else {
      throw new FieldDecryptError(k);
    }
  }
  return out;
}

function isPortal(request: FastifyRequest): boolean {
  return isPortalPath(request.url);
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function cookieSecure(config: Config, request: FastifyRequest): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure === 'true';
}

export const wirePlugin = fp<{ config: Config; db: Db }>(
  async (app: FastifyInstance, { config, db }) => {
    app.decorateRequest('wire', {
      getter(this: FastifyRequest) {
        return wireOf.get(this) ?? NO_WIRE;
      },
    });
    app.decorateRequest('touristToken', '');
    app.decorateRequest('member', async () => null);
    app.decorateRequest('sessionToken', () => '');

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isPortal(request)) return;
      // A multipart body without its boundary cannot be read: say so before a route tries.
      const type = request.headers['content-type'];
      if (typeof type === 'string' && /^multipart\//i.test(type) && !/;\s*boundary=/i.test(type)) throw new AppError('ALL_0014');
      // CSRF: a cookie-authenticated write must prove it came from our own pages.
      const cookieToken = request.cookies[COOKIE.token];
      if (cookieToken && !SAFE_METHODS.has(request.method)) {
        const xrw = request.headers['x-requested-with'] === 'XMLHttpRequest';
        const origin = request.headers.origin;
        let sameOrigin = false;
        if (origin) {
          try {
            // Compare through URL on both sides so a default port (:80/:443) written or not still matches.
            sameOrigin = new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
          } catch {
            sameOrigin = false;
          }
        }
        if (!xrw && !sameOrigin) throw new AppError('ALL_0009');
      }

      let tourist = request.cookies[COOKIE.tourisToken] ?? '';
      if (!TOURIST_TOKEN.test(tourist)) {
        tourist = `t${crypto.randomUUID().replaceAll('-', '')}`;
        reply.setCookie(COOKIE.tourisToken, tourist, {
          path: '/',
          maxAge: 365 * 86_400,
          sameSite: 'lax',
          httpOnly: false, // the page echoes it back in the tourisToken field
          secure: cookieSecure(config, request),
        });
      }
      request.touristToken = tourist;
    });

    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.is404 || !isPortal(request)) return; // unknown paths answer ALL_0008, signed or not
      const query = asFields(request.query) ?? {};
      let body = asFields(request.body);
      const field = (k: string) => text(body?.[k] ?? query[k]);

      const wire = {
        token: field('token'),
        cdpDate: field('cdpDate'),
        tourisToken: field('tourisToken'),
        isLogin: field('isLogin'),
        encrypted: field('encrypt') === '1',
      };
      wireOf.set(request, wire);

      if (request.routeOptions.config.sign !== false) {
        const sign = field('sign');
        if (!sign || !wire.cdpDate) throw new AppError('ALL_0002');
        const sent = /^\d{10,14}$/.test(wire.cdpDate) ? Number(wire.cdpDate) : Number.NaN;
        if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > CDP_DATE_TOLERANCE_MS) {
          throw new AppError('ALL_0004');
        }
        if (!safeEqual(sign.toLowerCase(), computeSign(wire.token, wire.cdpDate, config.wire.signSecret))) {
          throw new AppError('ALL_0003');
        }
      }

      if (wire.encrypted) {
        try {
          if (body) {
            body = decryptAll(body, config.wire.aesSecret);
            request.body = body;
          }
          if (Object.keys(query).length > 0) request.query = decryptAll(query, config.wire.aesSecret);
        } catch (err) {
          if (err instanceof FieldDecryptError) throw new AppError('ALL_0005');
          throw err;
        }
      }

      // The input guard (Decision 123) on everything the route will read, decrypted: a control
      // character anywhere is refused here, naming the field, so no route can forget it.
      const problem =
        inputProblem(body, '', 0, { numbers: false }) ??
        inputProblem(request.query, '', 0, { numbers: false }) ??
        inputProblem(request.params, '', 0, { numbers: false });
      if (problem) throw new Invalid(problem);

      const token = request.cookies[COOKIE.token] || wire.token;
      request.sessionToken = () => token;
      let resolved: Promise<SessionMember | null> | undefined;
      request.member = () => {
        resolved ??= resolveSession(db, token);
        return resolved;
      };
    });
  },
  { name: 'wire', dependencies: ['@fastify/cookie'] },
);

/** The logged-in member, or ALL_0024. */
export async function requireMember(request: FastifyRequest): Promise<SessionMember> {
  const member = await request.member();
  if (!member) throw new Unauthenticated();
  return member;
}
