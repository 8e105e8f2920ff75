// The worked example of docs/gateway.md must stay true: its signing string, signatures and AES
// seal are recomputed here from the inputs the page gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesKeyOf, hmacSign, md5Sign, signingString } from './signed';

const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/gateway.md'), 'utf8');
const after = (label: string) => {
  const m = doc.match(new RegExp(`^${label}\\s+(\\S+)`, 'm'));
  if (!m?.[1]) throw new Error(`docs/gateway.md has no "${label}" line`);
  return m[1];
};

describe('docs/gateway.md worked example', () => {
  const secret = after('secret');
  // The "fields" lines of the example: from "fields" up to the blank line after them.
  const block = doc.slice(doc.indexOf('\nfields ')).split('\n\n')[0] ?? '';
  const fields = Object.fromEntries([...block.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
  const text = signingString(fields as Record<string, string>);

  it('gives the signing string the page shows', () => {
    expect(Object.keys(fields).sort()).toEqual(['appKey', 'idcard', 'key', 'name', 'nonce', 'timestamp']);
    expect(doc).toContain(`\n${text}\n`);
  });

  it('gives the hmac-sha256 and md5 signatures the page shows', () => {
    expect(after('hmac-sha256')).toBe(hmacSign(text, secret));
    expect(after('md5')).toBe(md5Sign(text, secret));
  });

  it('is also the example of the site page 接口接入说明', () => {
    // The page's strings are split over source lines ('…' + '…'): join them before reading.
    const source = readFileSync(path.resolve(__dirname, '../../../../../apps/web/src/content/pages/topics.ts'), 'utf8');
    const page = source.replace(/'\s*\+\s*'/g, '');
    expect(page).toContain(`排序后的签名串为 ${text}，`);
    expect(page).toContain(`HMAC-SHA256 结果为 ${hmacSign(text, secret)}`);
    expect(page).toContain(`MD5 结果为 ${md5Sign(text, secret)}`);
    expect(page).toContain(`账号密钥 ${secret}`);
  });

  it('gives the AES key and sealed data the page shows', () => {
    const key = aesKeyOf(secret);
    expect(after('AES key \\(hex\\)')).toBe(key.toString('hex'));
    const iv = Buffer.from('000102030405060708090a0b', 'hex');
    const c = createCipheriv('aes-256-gcm', key, iv);
    const ct = Buffer.concat([c.update(JSON.stringify({ name: fields.name, idcard: fields.idcard }), 'utf8'), c.final()]);
    expect(after('data')).toBe(Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64'));
  });
});
