// Uploaded files (enterprise licence images, documents sent with a lead), one row per file, so
// every API process finds them: the bytes in the row by default, in the S3-compatible bucket when
// one is configured (then `content` is NULL and the row is the catalogue). See src/storage/.
import { bigint, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';

// drizzle has no bytea column; PGlite hands back a Uint8Array, pg a Buffer: both become a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const storedFiles = pgTable(
  'stored_files',
  {
    /** What the owning row keeps (qualifications.licence_path, leads.attachment_path); the object key in S3. */
    key: text('key').primaryKey(),
    /** licence | lead-attachment */
    kind: text('kind').notNull(),
    /** The member (licence) or lead (attachment) the file belongs to. */
    ownerId: bigint('owner_id', { mode: 'number' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes: a file read back from the bucket must still match it. */
    sha256: text('sha256').notNull(),
    /** The bytes, when the database is the store; NULL when they live in the bucket. */
    content: bytea('content'),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_kind_idx').on(t.kind, t.createdAt)],
);
