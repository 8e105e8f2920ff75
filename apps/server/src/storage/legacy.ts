// The one-time move of uploads written under DATA_DIR before the file store existed: licence
// images (qualifications.licence_path = uploads/licences/…) and lead documents (leads.attachment_path
// = an absolute path under DATA_DIR/uploads/leads/). Each found file goes into the store under a key
// made from its row, the row is pointed at the key, and the disk copy is removed. It runs at start in
// every portal process: rows whose file another machine holds are moved when that machine starts.
import { readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, type Column, eq, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { leads, qualifications } from '../db/schema';
import { type FileKind, type FileMeta, type FileStore, fileTypeOf } from './index';

export interface LegacyImport {
  moved: number;
  /** Rows whose file is not under this DATA_DIR (another machine's, or lost); left as they were. */
  missing: number;
}

/**
 * Where a legacy path's file is under this DATA_DIR, or null for a path outside DATA_DIR/uploads.
 * Lead paths were stored absolute: a DATA_DIR that has moved since is found again by the part from
 * `uploads/` on.
 */
export function legacyFile(dataDir: string, stored: string): string | null {
  const parts = stored.split(/[\\/]+/);
  const from = parts.lastIndexOf('uploads');
  if (from < 0) return null;
  const rest = parts.slice(from + 1).filter((p) => p !== '' && p !== '.');
  if (rest.length === 0 || rest.includes('..')) return null;
  return path.join(dataDir, 'uploads', ...rest);
}

export async function importLegacyUploads(db: Db, files: FileStore, dataDir: string, log: FastifyBaseLogger): Promise<LegacyImport> {
  const result: LegacyImport = { moved: 0, missing: 0 };

  const licences = await db
    .select({ id: qualifications.id, memberId: qualifications.memberId, path: qualifications.licencePath, type: qualifications.licenceType })
    .from(qualifications)
    .where(isLegacyPath(qualifications.licencePath));
  for (const row of licences) {
    const extension = row.type === 'image/png' ? 'png' : 'jpg';
    // A key made from the row, so two processes importing at once write the same file once.
    const key = `licence/${row.memberId}/legacy-${row.id}.${extension}`;
    const moved = await moveOne(files, dataDir, row.path, key, { contentType: row.type, kind: 'licence', ownerId: row.memberId }, async () => {
      await db
        .update(qualifications)
        .set({ licencePath: key })
        .where(and(eq(qualifications.id, row.id), eq(qualifications.licencePath, row.path)));
    });
    result[moved ? 'moved' : 'missing'] += 1;
  }

  const attachments = await db.select({ id: leads.id, path: leads.attachmentPath }).from(leads).where(isLegacyPath(leads.attachmentPath));
  for (const row of attachments) {
    const stored = row.path ?? '';
    const extension = path.extname(stored).slice(1).toLowerCase();
    const key = `lead-attachment/${row.id}/legacy${/^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : ''}`;
    const meta = { contentType: fileTypeOf(extension), kind: 'lead-attachment' as FileKind, ownerId: row.id };
    const moved = await moveOne(files, dataDir, stored, key, meta, async () => {
      await db
        .update(leads)
        .set({ attachmentPath: key })
        .where(and(eq(leads.id, row.id), eq(leads.attachmentPath, stored)));
    });
    result[moved ? 'moved' : 'missing'] += 1;
  }

  if (result.moved > 0) log.info({ moved: result.moved }, 'uploads under DATA_DIR moved into the file store');
  if (result.missing > 0) {
    log.warn(
      { missing: result.missing },
      'uploads named by rows were not moved: not under this DATA_DIR, or the store refused them; the next start tries again',
    );
  }
  return result;
}

/** A path under DATA_DIR/uploads, as the earlier version wrote; a store key never has an uploads/ part. */
const isLegacyPath = (column: Column) => or(like(column, 'uploads/%'), like(column, '%/uploads/%'));

async function moveOne(
  files: FileStore,
  dataDir: string,
  stored: string,
  key: string,
  meta: Omit<FileMeta, 'createdAt'>,
  repoint: () => Promise<void>,
): Promise<boolean> {
  const file = legacyFile(dataDir, stored);
  if (!file) return false;
  let bytes: Buffer;
  let uploadedAt: Date;
  try {
    bytes = await readFile(file);
    // The file's age carries over, so retention counts from the upload, not from the move.
    uploadedAt = (await stat(file)).mtime;
  } catch {
    return false;
  }
  // Store, then re-point the row, then remove the disk copy: a crash or a failure at any step
  // leaves the file readable where it was, and the next start finishes the move. A store that is
  // down (a bucket during the upgrade) must not keep the API from starting.
  try {
    await files.put(key, bytes, { ...meta, createdAt: uploadedAt });
    await repoint();
  } catch {
    return false;
  }
  await unlink(file).catch(() => undefined);
  return true;
}
