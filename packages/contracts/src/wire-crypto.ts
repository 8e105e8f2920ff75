// AES-256-GCM field encryption of the portal API (encrypt=1, spec 01 §7.1): each value sealed
// as base64(iv ‖ ciphertext ‖ tag) under sha256(secret). Its own module so that browser pages
// load the cipher only when they send an encrypted call (the client imports it on demand).
import { gcm } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { isConventionField } from './wire';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function aesKey(secret: string): Uint8Array {
  return sha256(utf8ToBytes(secret));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** base64(iv[12] ‖ ciphertext ‖ tag[16]) under sha256(secret). */
export function encryptField(value: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const sealed = gcm(aesKey(secret), iv).encrypt(utf8ToBytes(value));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

export class FieldDecryptError extends Error {
  constructor(readonly field: string) {
    super(`field ${field} could not be decrypted`);
    this.name = 'FieldDecryptError';
  }
}

/** Inverse of encryptField; throws FieldDecryptError on any tampering or wrong key. */
export function decryptField(payload: string, secret: string, field = '?'): string {
  try {
    const bytes = fromBase64(payload);
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new FieldDecryptError(field);
    const plain = gcm(aesKey(secret), bytes.subarray(0, IV_BYTES)).decrypt(bytes.subarray(IV_BYTES));
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new FieldDecryptError(field);
  }
}

/** Encrypt every non-convention field of a flat payload and mark it encrypt=1. */
export function encryptPayload(payload: Record<string, string>, secret: string): Record<string, string> {
  const out: Record<string, string> = { encrypt: '1' };
  for (const [k, v] of Object.entries(payload)) {
    out[k] = isConventionField(k) ? v : encryptField(v, secret);
  }
  return out;
}
