// An account's API secret material (spec 02 §7 keys and secrets): its app key, shared secret
// (current and, during a rotation's grace, previous), sign/encrypt modes and RSA keys. One row
// per member in each table; a sub-account has its own. Every secret column is AES-256-GCM
// ciphertext under SECRETS_KEY (modules/account/keys.service.ts), never the clear value.
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './_columns';
import { members } from './members';

export const accountSecrets = pgTable('account_secrets', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** Public id the gateway looks the account up by: 'AK' + 20 base32 characters. */
  appKey: text('app_key').notNull().unique(),
  /** base64(iv ‖ ciphertext ‖ tag) of the current secret; NULL until one is created. */
  secretEnc: text('secret_enc'),
  /** The current secret's last 4 characters, so the masked view needs no decryption. */
  secretHint: text('secret_hint').notNull().default(''),
  secretCreatedAt: tstz('secret_created_at'),
  rotatedAt: tstz('rotated_at'),
  /** The secret a rotation replaced, accepted until previous_valid_until. */
  previousEnc: text('previous_enc'),
  previousValidUntil: tstz('previous_valid_until'),
  /** none | md5 | hmac-sha256 | rsa-sha256 */
  signMode: text('sign_mode').notNull().default('none'),
  /** none | aes-256-gcm | rsa */
  encryptMode: text('encrypt_mode').notNull().default('none'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accountKeys = pgTable('account_keys', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** The platform's RSA-2048 key pair for this account, made on first read. */
  platformPublicKey: text('platform_public_key').notNull(),
  /** base64(iv ‖ ciphertext ‖ tag) of the PKCS#8 PEM private key. */
  platformPrivateEnc: text('platform_private_enc').notNull(),
  /** The customer's RSA public key (SPKI PEM); its private key never reaches the platform's store. */
  customerPublicKey: text('customer_public_key'),
  /** SHA-256 of the SPKI DER, lowercase hex. */
  customerKeyFingerprint: text('customer_key_fingerprint'),
  customerKeyBits: integer('customer_key_bits'),
  /** generate | upload */
  customerKeySource: text('customer_key_source'),
  customerKeyUploadedAt: tstz('customer_key_uploaded_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
