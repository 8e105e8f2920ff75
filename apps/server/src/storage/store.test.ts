// The file store's default: the bytes in a stored_files row, with their type, size and checksum,
// readable by any process on the database; and the settings that choose a bucket instead.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { storedFiles } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/harness';
import { fileStore, fileTypeOf, newFileKey } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the database file store', () => {
  it('puts, gets and deletes a file by key, keeping its type, size, checksum, kind and owner', async () => {
    expect(t.files.backend).toBe('database');
    const bytes = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from([0, 1, 2, 255, 0])]);
    const key = newFileKey('licence', 42, 'jpg');
    expect(key).toMatch(/^licence\/42\/[0-9a-f-]{36}\.jpg$/);
    await t.files.put(key, bytes, { contentType: 'image/jpeg', kind: 'licence', ownerId: 42 });

    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(await t.files.get(key)).toEqual({ bytes, contentType: 'image/jpeg', size: bytes.length, sha256 });
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(row).toMatchObject({ kind: 'licence', ownerId: 42, size: bytes.length, sha256 });
    expect(row?.createdAt).toBeInstanceOf(Date);

    expect(await t.files.delete(key)).toBe(true);
    expect(await t.files.get(key)).toBeNull();
    expect(await t.files.delete(key)).toBe(false);
    expect(await t.files.get('licence/42/never-stored.png')).toBeNull();
  });

  it('a second store on the same database reads what the first wrote', async () => {
    const other = fileStore(t.database.db, null, false);
    const key = newFileKey('lead-attachment', 7, 'pdf');
    await t.files.put(key, Buffer.from('%PDF-1.7'), { contentType: fileTypeOf('PDF'), kind: 'lead-attachment', ownerId: 7 });
    expect((await other.get(key))?.bytes.toString()).toBe('%PDF-1.7');
    expect((await other.get(key))?.contentType).toBe('application/pdf');
  });

  it('a file whose bytes are in a bucket this process does not know is an error, not a missing file', async () => {
    await t.database.db
      .insert(storedFiles)
      .values({ key: 'licence/1/in-bucket.png', kind: 'licence', contentType: 'image/png', size: 3, sha256: 'x', content: null });
    await expect(t.files.get('licence/1/in-bucket.png')).rejects.toThrow('S3_BUCKET is not set');
  });
});

describe('upload store settings', () => {
  it('database by default; s3 needs a bucket, and an access key needs its secret', () => {
    const load = (env: Record<string, string>) => loadConfig({ DEV_TOOLS: '1', ...env });
    expect(load({}).uploads.store).toBe('database');
    expect(() => load({ UPLOAD_STORE: 's3' })).toThrow(ConfigError);
    expect(() => load({ UPLOAD_STORE: 's3' })).toThrow('UPLOAD_STORE=s3 时必须设置 S3_BUCKET');
    expect(() => load({ UPLOAD_STORE: 'disk' })).toThrow('UPLOAD_STORE 只能是 database 或 s3');
    expect(() => load({ UPLOAD_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKID' })).toThrow('须同时设置或同时留空');
    expect(() => load({ S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT 必须是 http(s):// 地址');
    const s3 = load({
      UPLOAD_STORE: 's3',
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    }).uploads;
    expect(s3).toEqual({
      store: 's3',
      s3: {
        endpoint: 'http://minio.internal:9000',
        region: 'us-east-1',
        bucket: 'uploads',
        credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
  });
});
