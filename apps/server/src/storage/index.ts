// Uploaded files every API process can read (issue #16 §5): a licence image or a lead's document
// is put under a key that its owning row keeps, with its bytes in the database (the default) or in
// an S3-compatible bucket (UPLOAD_STORE=s3). Nothing is written under DATA_DIR any more.
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';
import { type BlobStore, s3Blobs } from './s3';

export type FileKind = 'licence' | 'lead-attachment' | 'invoice';

export interface FileMeta {
  contentType: string;
  kind: FileKind;
  /** The member (licence) or the lead (attachment) the file belongs to. */
  ownerId?: number;
  /** When it was uploaded, if not now (a file moved from DATA_DIR keeps its age for retention). */
  createdAt?: Date;
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  size: number;
  sha256: string;
}

export interface FileStore {
  /** Where this process puts new files. */
  readonly backend: 'database' | 's3';
  put(key: string, bytes: Buffer, meta: FileMeta): Promise<void>;
  /** The file, or null when no file has this key (never stored, or deleted). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the bytes and the row (for retention); false when there was no such file. */
  delete(key: string): Promise<boolean>;
  close(): void;
}

/** A fresh key for a file: kind/owner/random, with the extension kept for whoever browses a bucket. */
export function newFileKey(kind: FileKind, ownerId: number, extension = ''): string {
  return `${kind}/${ownerId}/${randomUUID()}${extension ? `.${extension}` : ''}`;
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};

/** The type an accepted upload is kept (and mailed) with, by its extension: a browser's claim is not kept. */
export const fileTypeOf = (extension: string): string => TYPES[extension.toLowerCase()] ?? 'application/octet-stream';

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The store of this process. The bucket is opened whenever S3_BUCKET is set, even with
 * UPLOAD_STORE=database, so switching back keeps the files already in it readable; files stored
 * in the database before a switch to s3 stay readable from their rows. Neither switch moves a file.
 */
export function createFileStore(db: Db, uploads: Config['uploads']): FileStore {
  const bucket = uploads.s3.bucket ? s3Blobs(uploads.s3) : null;
  return fileStore(db, bucket, uploads.store === 's3');
}

export function fileStore(db: Db, bucket: BlobStore | null, intoBucket: boolean): FileStore {
  if (intoBucket && !bucket) throw new Error('UPLOAD_STORE=s3 needs a bucket');
  const needBucket = (key: string): BlobStore => {
    if (!bucket) throw new Error(`stored file ${key} is in the S3 bucket, but S3_BUCKET is not set`);
    return bucket;
  };
  return {
    backend: intoBucket ? 's3' : 'database',
    async put(key, bytes, meta) {
      const row = {
        kind: meta.kind,
        ownerId: meta.ownerId ?? null,
        contentType: meta.contentType,
        size: bytes.length,
        sha256: sha256Hex(bytes),
        content: intoBucket ? null : bytes,
        ...(meta.createdAt ? { createdAt: meta.createdAt } : {}),
      };
      // The bytes first: a row never names an object that was not written.
      if (intoBucket) await needBucket(key).put(key, bytes, meta.contentType);
      await db
        .insert(storedFiles)
        .values({ key, ...row })
        .onConflictDoUpdate({ target: storedFiles.key, set: row });
    },
    async get(key) {
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key));
      if (!row) return null;
      const meta = { contentType: row.contentType, size: row.size, sha256: row.sha256 };
      if (row.content) return { bytes: row.content, ...meta };
      const bytes = await needBucket(key).get(key);
      if (!bytes) return null;
      // The bucket lives outside the database's guarantees: a changed object is not served.
      if (sha256Hex(bytes) !== row.sha256) throw new Error(`stored file ${key} in the S3 bucket does not match its checksum`);
      return { bytes, ...meta };
    },
    async delete(key) {
      const [row] = await db
        .select({ inBucket: sql<boolean>`${storedFiles.content} is null` })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!row) return false;
      // The object before the row: a failure leaves a row that answers "not found", never an
      // object nobody can find any more.
      if (row.inBucket) await needBucket(key).delete(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
      return true;
    },
    close() {
      bucket?.close();
    },
  };
}
