// The session cookies of the wire contract: myToken (HttpOnly, the credential) and membershipId
// (readable, lets the page know it is signed in). 30 days with "remember", else browser-session.
import { AUTH_COOKIE_MAX_AGE_S, COOKIE } from '@apimarket/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { cookieSecure } from './wire';

export function setSessionCookies(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; memberId: number; remember: boolean },
): void {
  const base = {
    path: '/',
    sameSite: 'lax' as const,
    secure: cookieSecure(config, request),
    ...(session.remember ? { maxAge: AUTH_COOKIE_MAX_AGE_S } : {}),
  };
  reply.setCookie(COOKIE.token, session.token, { ...base, httpOnly: true });
  reply.setCookie(COOKIE.membershipId, String(session.memberId), { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(COOKIE.token, { path: '/' });
  reply.clearCookie(COOKIE.membershipId, { path: '/' });
}
