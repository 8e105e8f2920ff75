// 包名管理 (contracts' package-names.ts; issue #23): the apps allowed to use a company's SDK
// interfaces. Kept under the main account (a sub-account's calls are checked against its main
// account's entries); the gateway reads the enabled ones (modules/packagenames).
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './_columns';
import { memberRef } from './_member';

export const packageNames = pgTable(
  'package_names',
  {
    id: serialId(),
    /** The main account the entry belongs to. */
    memberId: memberRef(),
    /** android | ios */
    platform: text('platform').notNull(),
    /** As the customer wrote it. */
    packageName: text('package_name').notNull(),
    /** Lower-cased package name: what duplicates and the gateway's match compare. */
    packageKey: text('package_key').notNull(),
    appName: text('app_name').notNull(),
    /** Android: the signing certificate's SHA-256 fingerprint, AB:CD:… upper case; iOS: ''. */
    signature: text('signature').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** enabled | disabled */
    status: text('status').notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('package_names_unique_idx').on(t.memberId, t.platform, t.packageKey), index('package_names_member_idx').on(t.memberId)],
);
