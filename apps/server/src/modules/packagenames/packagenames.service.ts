// 包名管理 (contracts' package-names.ts; issue #23): the apps a company lets use its SDK
// interfaces, and the gateway's check of a call's declared app against them.
//
// The entries are the company's: kept under the main account, read by its sub-accounts, changed by
// the main account alone. The gateway checks a call against the entries of the account that
// bought the purchase (a sub-account's key: its main account's), as it does the IP whitelist.
import {
  type PackageNameListInput,
  PACKAGE_LIMITS,
  PACKAGE_MSG,
  type PackagePlatform,
  type PackageNameStatusInput,
  type PackageNameView,
  normaliseFingerprint,
  packageKey,
  type SavePackageNameInput,
  type SdkInterface,
} from '@apimarket/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assignments, interfaces, packageNames, purchases } from '../../db/schema';
import { Forbidden, Invalid, NotFound } from '../../http/errors';
import { forget, Memo } from '../../memo';
import type { Account } from '../account/access';

type Row = typeof packageNames.$inferSelect;

const view = (r: Row): PackageNameView => ({
  id: r.id,
  platform: r.platform as PackagePlatform,
  packageName: r.packageName,
  appName: r.appName,
  signature: r.signature,
  remark: r.remark,
  status: r.status === 'disabled' ? 'disabled' : 'enabled',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The main account whose entries these are (a sub-account reads its main account's). */
const ownerOf = (account: Account) => account.companyOwnerId;

function requireMain(account: Account): number {
  if (account.isSub) throw new Forbidden(PACKAGE_MSG.subReadOnly);
  return account.memberId;
}

export async function listPackages(db: Db, account: Account, input: PackageNameListInput): Promise<PackageNameView[]> {
  const rows = await db
    .select()
    .from(packageNames)
    .where(eq(packageNames.memberId, ownerOf(account)))
    .orderBy(asc(packageNames.id));
  const keyword = input.keyword.toLowerCase();
  return rows
    .filter(
      (r) =>
        (!input.platform || r.platform === input.platform) &&
        (!input.status || r.status === input.status) &&
        (!keyword || r.packageKey.includes(keyword) || r.appName.toLowerCase().includes(keyword)),
    )
    .map(view);
}

/** Every SDK interface on sale, and whether the account may call it (bought, or assigned to a sub-account). */
export async function sdkInterfaces(db: Db, account: Account): Promise<SdkInterface[]> {
  const all = await db
    .select({ interfaceId: interfaces.id, interfaceName: interfaces.interfaceName })
    .from(interfaces)
    .where(and(eq(interfaces.sdk, true), eq(interfaces.status, 'on_sale')))
    .orderBy(asc(interfaces.sort), asc(interfaces.id));
  const owned = account.isSub
    ? await db
        .select({ interfaceId: purchases.interfaceId })
        .from(assignments)
        .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
        .where(eq(assignments.memberId, account.memberId))
    : await db.select({ interfaceId: purchases.interfaceId }).from(purchases).where(eq(purchases.memberId, account.memberId));
  const mine = new Set(owned.map((o) => o.interfaceId));
  return all.map((i) => ({ ...i, purchased: mine.has(i.interfaceId) }));
}

async function ownRow(db: Db | Tx, memberId: number, id: number | null): Promise<Row> {
  if (!id) throw new NotFound(PACKAGE_MSG.missing);
  const [row] = await db
    .select()
    .from(packageNames)
    .where(and(eq(packageNames.id, id), eq(packageNames.memberId, memberId)));
  if (!row) throw new NotFound(PACKAGE_MSG.missing);
  return row;
}

async function refuseDuplicate(db: Db | Tx, memberId: number, input: SavePackageNameInput, except: number | null) {
  const [other] = await db
    .select({ id: packageNames.id })
    .from(packageNames)
    .where(
      and(
        eq(packageNames.memberId, memberId),
        eq(packageNames.platform, input.platform),
        eq(packageNames.packageKey, packageKey(input.packageName)),
        except === null ? undefined : ne(packageNames.id, except),
      ),
    );
  if (other) throw new Invalid(PACKAGE_MSG.duplicate(input.platform, input.packageName));
}

/** A new entry (enabled), or a change of one of the company's (its status stays). */
export async function savePackage(db: Db, account: Account, input: SavePackageNameInput): Promise<PackageNameView> {
  const memberId = requireMain(account);
  const fields = {
    platform: input.platform,
    packageName: input.packageName,
    packageKey: packageKey(input.packageName),
    appName: input.appName,
    signature: input.signature,
    remark: input.remark,
  };
  // One save of the company's list at a time: the duplicate check, the count and the write agree
  // (two saves at once can neither pass the 50 nor meet on the unique index).
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('package_names'), ${memberId}::int)`);
    if (input.id !== undefined) {
      await ownRow(tx, memberId, input.id);
      await refuseDuplicate(tx, memberId, input, input.id);
      const [changed] = await tx
        .update(packageNames)
        .set(fields)
        .where(and(eq(packageNames.id, input.id), eq(packageNames.memberId, memberId)))
        .returning();
      return changed as Row;
    }
    await refuseDuplicate(tx, memberId, input, null);
    const [n] = await tx.select({ n: count() }).from(packageNames).where(eq(packageNames.memberId, memberId));
    if ((n?.n ?? 0) >= PACKAGE_LIMITS.maxEntries) throw new Invalid(PACKAGE_MSG.tooMany);
    const [added] = await tx
      .insert(packageNames)
      .values({ memberId, ...fields })
      .returning();
    return added as Row;
  });
  forget('whitelist', memberId);
  return view(row);
}

export async function updatePackageStatus(db: Db, account: Account, input: PackageNameStatusInput): Promise<PackageNameView> {
  const memberId = requireMain(account);
  const own = await ownRow(db, memberId, input.id);
  const [row] = await db
    .update(packageNames)
    .set({ status: input.status })
    .where(and(eq(packageNames.id, own.id), eq(packageNames.memberId, memberId)))
    .returning();
  forget('whitelist', memberId);
  return view(row as Row);
}

// ── The gateway's check ──────────────────────────────────────────────────────────────────────
// Per main account: its enabled apps as "platform package-key signature" strings. Saves here
// forget the entry at once; another server process sees a change within the memo's lifetime.
// (The memo is filed under the whitelist fact: both are the account's rules of who may call.)
const enabledApps = new Memo<number, Set<string>>('whitelist', { ms: 30_000, max: 50_000, byMember: true });

const appKey = (platform: string, key: string, signature: string) => `${platform} ${key} ${signature}`;

/** The app a call declares, as its headers give it (absent headers are ''). */
export interface DeclaredApp {
  platform: string;
  packageName: string;
  /** As sent: 64 hex digits, with or without colons, any case; '' when absent. */
  signature: string;
}

/**
 * Why an SDK call's declared app may not call for this main account, as SYSTEM_048's message, or
 * null when an enabled entry matches platform, package (any case) and, on Android, fingerprint.
 */
export async function appRefusal(db: Db, ownerId: number, app: DeclaredApp): Promise<string | null> {
  if (app.platform !== 'android' && app.platform !== 'ios') {
    return '缺少应用标识：SDK 类接口须在请求头 X-App-Platform 声明 android 或 ios，并在 X-App-Package 声明包名';
  }
  if (!app.packageName) return '缺少应用标识：请在请求头 X-App-Package 声明应用包名或 Bundle ID';
  if (!/^[A-Za-z0-9._-]{1,255}$/.test(app.packageName)) return '应用包名格式不正确：X-App-Package 应为 Android 包名或 iOS Bundle ID（如 com.example.app）';
  const signature = app.platform === 'android' ? normaliseFingerprint(app.signature) : '';
  if (app.platform === 'android' && !app.signature) {
    return '缺少应用签名：Android 应用须在请求头 X-App-Signature 声明签名证书的 SHA-256 指纹';
  }
  if (signature === null) return '应用签名格式不正确：X-App-Signature 应为 SHA-256 指纹（64 位十六进制，可用冒号分隔）';
  let apps = enabledApps.get(ownerId);
  if (!apps) {
    const rows = await db
      .select({ platform: packageNames.platform, key: packageNames.packageKey, signature: packageNames.signature })
      .from(packageNames)
      .where(and(eq(packageNames.memberId, ownerId), eq(packageNames.status, 'enabled')));
    apps = new Set(rows.map((r) => appKey(r.platform, r.key, r.platform === 'android' ? r.signature : '')));
    enabledApps.set(ownerId, apps);
  }
  if (apps.has(appKey(app.platform, packageKey(app.packageName), signature))) return null;
  return `调用方应用未登记或未启用：${app.platform === 'android' ? 'Android' : 'iOS'} 应用「${app.packageName}」${
    app.platform === 'android' ? '（含签名指纹）' : ''
  }不在已启用的包名中，请在用户中心「包名管理」登记并启用`;
}
