import { describe, expect, it } from 'vitest';
import { computeSign, decryptField, encryptField, encryptPayload, FieldDecryptError, isSuccessBody } from './index';

describe('sign', () => {
  it('is md5(token + cdpDate + secret) in lowercase hex', () => {
    // md5("abc1700000000000s3cret") computed independently with coreutils md5sum.
    expect(computeSign('abc', 1700000000000, 's3cret')).toBe('9dfe64a3eb22ac8c9d8a56d011491a9a');
    // An absent token signs as the empty string.
    expect(computeSign('', '1', 'k')).toBe('a6f62b73f5a9bf380d32f062f2d71cbc');
    expect(computeSign('abc', '1', 'k')).toMatch(/^[0-9a-f]{32}$/);
    expect(computeSign('abc', '1', 'k')).not.toBe(computeSign('abd', '1', 'k'));
  });
});

describe('AES-GCM fields', () => {
  it('round-trips Chinese text and uses a fresh IV each time', () => {
    const a = encryptField('张三 13800138000', 'secret');
    const b = encryptField('张三 13800138000', 'secret');
    expect(a).not.toBe(b);
    expect(decryptField(a, 'secret')).toBe('张三 13800138000');
  });

  it('rejects a wrong key, tampering and garbage', () => {
    const sealed = encryptField('hello', 'secret');
    expect(() => decryptField(sealed, 'other')).toThrow(FieldDecryptError);
    const bytes = atob(sealed);
    const flipped = btoa(bytes.slice(0, 14) + String.fromCharCode(bytes.charCodeAt(14) ^ 1) + bytes.slice(15));
    expect(() => decryptField(flipped, 'secret')).toThrow(FieldDecryptError);
    expect(() => decryptField('not base64!!', 'secret')).toThrow(FieldDecryptError);
    expect(() => decryptField('AAAA', 'secret')).toThrow(FieldDecryptError);
  });

  it('encryptPayload leaves the convention fields readable', () => {
    const out = encryptPayload({ name: 'a', cdpDate: '1', sign: 's' }, 'k');
    expect(out.encrypt).toBe('1');
    expect(out.cdpDate).toBe('1');
    expect(out.sign).toBe('s');
    expect(decryptField(out.name ?? '', 'k')).toBe('a');
  });
});

describe('success rule (spec 01 §7.1)', () => {
  it.each([[{ code: 200 }], [{ code: '200' }], [{ code: 10000 }], [{ code: '10000' }], [{ code: 'success' }], [{ code: '-1' }], [{ success: true }], [[]]])(
    '%j is success',
    (body) => expect(isSuccessBody(body)).toBe(true),
  );
  it.each([[{ code: 'ALL_0024' }], [{ code: 500 }], [{ success: false }], [null], ['ok']])('%j is failure', (body) => expect(isSuccessBody(body)).toBe(false));
});
