// The S3-compatible bucket behind the file store (UPLOAD_STORE=s3): raw bytes by key, nothing
// else. Which keys exist, their type, size and checksum stay in the stored_files rows.
import type { S3Client } from '@aws-sdk/client-s3';

type Sdk = typeof import('@aws-sdk/client-s3');

export interface S3Options {
  /** Empty for AWS itself; MinIO, OSS, COS and the like give their own. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Absent: the SDK's default credential chain (an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when the bucket has no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a key that is not there succeeds (S3 answers 204 either way). */
  delete(key: string): Promise<void>;
  close(): void;
}

export function s3Blobs(options: S3Options): BlobStore {
  // The SDK takes over half a second to load: only a process with a bucket configured loads it,
  // on its first file.
  let opened: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // Since 2025 the SDK adds CRC checksum headers to every PUT by default; several
        // S3-compatible stores refuse them. Send them only where an operation requires one (none of ours).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        // The SDK waits forever by default: a stalled bucket must fail a request, not wedge a
        // job or a shutdown.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
    })));
  const Bucket = options.bucket;
  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await open();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      const { sdk, client } = await open();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof sdk.S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      opened?.then(({ client }) => client.destroy()).catch(() => undefined);
    },
  };
}
