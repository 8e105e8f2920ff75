// The portal API's request conventions (spec 01 §7.1, ARCHITECTURE.md): the fields every call
// carries and the MD5 sign. The AES-256-GCM field encryption is in wire-crypto.ts, apart, so a
// page that never encrypts does not load the cipher. Pure JS so the same code runs in the
// browser (even on plain-http hosts where WebCrypto is absent) and in Node.
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Fields added to every request; never encrypted. */
export const CONVENTION_FIELDS = ['token', 'cdpDate', 'tourisToken', 'sign', 'isLogin', 'encrypt'] as const;
export type ConventionField = (typeof CONVENTION_FIELDS)[number];

export function isConventionField(name: string): name is ConventionField {
  return (CONVENTION_FIELDS as readonly string[]).includes(name);
}

/** sign = md5(token + cdpDate + secret), lowercase hex; token is '' when absent. */
export function computeSign(token: string, cdpDate: string | number, secret: string): string {
  return bytesToHex(md5(utf8ToBytes(`${token}${cdpDate}${secret}`)));
}
