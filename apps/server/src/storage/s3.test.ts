// The S3 side of the file store against a local HTTP stand-in for the bucket (no real S3): the
// requests a store would receive — method, bucket/key path, content type, a SigV4 signature that
// verifies with the configured secret — and the whole portal with UPLOAD_STORE=s3.
import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { qualifications, storedFiles } from '../db/schema';
import { creditCode, newAccount } from '../test/account';
import { buildTestApp, type TestApp } from '../test/harness';
import { post, postMultipart } from '../test/identity';
import { fileStore } from './index';
import { s3Blobs } from './s3';

const ACCESS = { accessKeyId: 'AKIDSTUBTEST0001', secretAccessKey: 'stub-secret-key-0123456789' };
const REGION = 'cn-stub-1';
const BUCKET = 'apimarket-uploads';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

// A bucket in memory that answers as S3 does for the three calls the store makes.
const objects = new Map<string, { body: Buffer; type: string }>();
const received: Received[] = [];
let server: http.Server;
let endpoint = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      received.push({ method: req.method ?? '', url, headers: req.headers, body });
      const key = decodeURIComponent(new URL(url, 'http://stub').pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        } else {
          res.writeHead(200, { 'content-type': o.type, 'content-length': String(o.body.length) }).end(o.body);
        }
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * Checks a request's AWS Signature Version 4 the way the bucket would: rebuild the canonical
 * request from what arrived and sign it with the secret. Answers the credential scope.
 */
function verifySigV4(r: Received): string {
  const auth = String(r.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) throw new Error(`not a SigV4 Authorization header: ${auth}`);
  const [, keyId, day, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  expect(keyId).toBe(ACCESS.accessKeyId);
  const amzDate = String(r.headers['x-amz-date']);
  const payloadHash = String(r.headers['x-amz-content-sha256']);
  // A payload hash, when given, is the body's (UNSIGNED-PAYLOAD is the only other answer S3 takes).
  if (payloadHash !== 'UNSIGNED-PAYLOAD') expect(payloadHash).toBe(sha256(r.body));
  const url = new URL(r.url, 'http://stub');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const names = signedHeaders.split(';');
  const canonical = [
    r.method,
    url.pathname,
    query,
    ...names.map(
      (n) =>
        `${n}:${String(r.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}`,
    ),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${ACCESS.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  expect(createHmac('sha256', key).update(toSign, 'utf8').digest('hex'), 'signature over the canonical request').toBe(signature);
  return scope;
}

const bucketOptions = () => ({ endpoint, region: REGION, bucket: BUCKET, credentials: ACCESS, forcePathStyle: true });

describe('the S3 adapter', () => {
  it('PUTs, GETs and DELETEs the object at /bucket/key, signed with the configured key', async () => {
    const blobs = s3Blobs(bucketOptions());
    const bytes = Buffer.from('%PDF-1.7\n需求说明\n');
    await blobs.put('lead-attachment/7/abc.pdf', bytes, 'application/pdf');
    expect(await blobs.get('lead-attachment/7/abc.pdf')).toEqual(bytes);
    await blobs.delete('lead-attachment/7/abc.pdf');
    expect(await blobs.get('lead-attachment/7/abc.pdf')).toBeNull();
    blobs.close();

    expect(received.map((r) => [r.method, new URL(r.url, 'http://stub').pathname])).toEqual([
      ['PUT', `/${BUCKET}/lead-attachment/7/abc.pdf`],
      ['GET', `/${BUCKET}/lead-attachment/7/abc.pdf`],
      ['DELETE', `/${BUCKET}/lead-attachment/7/abc.pdf`],
      ['GET', `/${BUCKET}/lead-attachment/7/abc.pdf`],
    ]);
    const [put] = received;
    expect(put?.headers['content-type']).toBe('application/pdf');
    expect(put?.headers['content-length']).toBe(String(bytes.length));
    expect(put?.body).toEqual(bytes);
    // No CRC checksum headers that S3-compatible stores refuse.
    expect(Object.keys(put?.headers ?? {}).filter((h) => h.startsWith('x-amz-checksum') || h === 'x-amz-sdk-checksum-algorithm')).toEqual([]);
    for (const r of received) expect(verifySigV4(r)).toMatch(new RegExp(`^\\d{8}/${REGION}/s3/aws4_request$`));
  });

  it('a signature made with another secret does not verify', async () => {
    const blobs = s3Blobs({ ...bucketOptions(), credentials: { ...ACCESS, secretAccessKey: 'another-secret-key-0000000' } });
    await blobs.put('k', Buffer.from('x'), 'text/plain');
    blobs.close();
    expect(() => verifySigV4(received[0] as Received)).toThrow('signature over the canonical request');
  });
});

describe('the file store with UPLOAD_STORE=s3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        UPLOAD_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_REGION: REGION,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: ACCESS.accessKeyId,
        S3_SECRET_ACCESS_KEY: ACCESS.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
      },
    });
  });
  afterAll(() => t.close());

  it('keeps the bytes in the bucket and the key, type, size and checksum in the database', async () => {
    const store = fileStore(t.database.db, s3Blobs(bucketOptions()), true);
    const bytes = Buffer.from('licence bytes');
    await store.put('licence/9/x.png', bytes, { contentType: 'image/png', kind: 'licence', ownerId: 9 });
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.key, 'licence/9/x.png'));
    expect(row).toMatchObject({ kind: 'licence', ownerId: 9, contentType: 'image/png', size: bytes.length, sha256: sha256(bytes), content: null });
    expect(objects.get(`/${BUCKET}/licence/9/x.png`)?.body).toEqual(bytes);
    expect(await store.get('licence/9/x.png')).toEqual({ bytes, contentType: 'image/png', size: bytes.length, sha256: sha256(bytes) });

    // An object changed behind the store's back is not served as the licence.
    objects.set(`/${BUCKET}/licence/9/x.png`, { body: Buffer.from('something else'), type: 'image/png' });
    await expect(store.get('licence/9/x.png')).rejects.toThrow('does not match its checksum');

    expect(await store.delete('licence/9/x.png')).toBe(true);
    expect(received.at(-1)?.method).toBe('DELETE');
    expect(objects.has(`/${BUCKET}/licence/9/x.png`)).toBe(false);
    expect(await store.get('licence/9/x.png')).toBeNull();
    expect(await store.delete('licence/9/x.png')).toBe(false);
    store.close();
  });

  it('a licence submitted through the portal goes to the bucket and is shown from it', async () => {
    const a = await newAccount(t, '10.77.0.1');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 3)]);
    received.length = 0;
    const res = await postMultipart(
      t,
      'myAccount/companyQualification',
      { companyName: '杭州对象存储示例有限公司', creditCode: creditCode(), legalPerson: '王五' },
      { name: '营业执照.png', content: png, type: 'image/png' },
      { cookies: a.cookies },
    );
    expect(res.json().code).toBe(200);
    const [row] = await t.database.db.select().from(qualifications).where(eq(qualifications.memberId, a.memberId));
    const put = received.find((r) => r.method === 'PUT');
    expect(new URL(put?.url ?? '', 'http://stub').pathname).toBe(`/${BUCKET}/${row?.licencePath}`);
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.body).toEqual(png);
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);

    const view = (await post(t, 'myAccount/getCompanyQualification', {}, { cookies: a.cookies })).json().data;
    const img = await t.app.inject({ method: 'GET', url: view.licenceUrl, cookies: a.cookies });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload).toEqual(png);
    expect(received.at(-1)?.method).toBe('GET');
  });
});
