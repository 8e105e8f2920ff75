// 包名管理 (contracts' package-names.ts; issue #23): the apps a company lets use its SDK
// interfaces, and the gateway's check of a call's declared app against them.
//
// The entries are the company's: kept under the main account, read by its sub-accounts, changed by
// the main account alone. The gateway checks a call against the entries of the account that
// bought the purchase (a sub-account's key: its main account's), as it does the IP whitelist.
import {
  chinaDay,
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
import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assignments, interfaces, messages, packageNames, purchases } from '../../db/schema';
import { Forbidden, Invalid, NotFound } from '../../http/errors';
import { forget, Memo } from '../../memo';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';

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
// Per main account: its enabled apps as "platform package-key signature" strings, and whether it
// has registered any app at all. Saves here forget the entry at once; another server process sees
// a change within the memo's lifetime. (Filed under the whitelist fact: both are the account's
// rules of who may call.)
interface Registered {
  enabled: Set<string>;
  any: boolean;
}
const registered = new Memo<number, Registered>('whitelist', { ms: 30_000, max: 50_000, byMember: true });

const appKey = (platform: string, key: string, signature: string) => `${platform} ${key} ${signature}`;

/** The app a call declares, as its headers give it (absent headers are ''). */
export interface DeclaredApp {
  platform: string;
  packageName: string;
  /** As sent: 64 hex digits, with or without colons, any case; '' when absent. */
  signature: string;
}

/**
 * What the gateway does with an SDK call's declared app (Decision 216): `refuse` with SYSTEM_048's
 * message; `answer`; or `grace` — it would be refused, but its company has registered no app yet
 * and the transition period (SDK_APP_ENFORCE_FROM, unset: until it is set) is still on, so it is
 * answered and the company told. A company that registered an app has opted in: enforced at once.
 */
export type AppVerdict = { kind: 'answer' } | { kind: 'refuse'; message: string } | { kind: 'grace'; message: string };

export async function appVerdict(db: Db, ownerId: number, app: DeclaredApp, enforceFrom: number | null): Promise<AppVerdict> {
  const own = await registeredApps(db, ownerId);
  const message = refusalOf(own, app);
  if (message === null) return { kind: 'answer' };
  if (!own.any && (enforceFrom === null || Date.now() < enforceFrom)) return { kind: 'grace', message };
  return { kind: 'refuse', message };
}

async function registeredApps(db: Db, ownerId: number): Promise<Registered> {
  const known = registered.get(ownerId);
  if (known) return known;
  const rows = await db
    .select({ platform: packageNames.platform, key: packageNames.packageKey, signature: packageNames.signature, status: packageNames.status })
    .from(packageNames)
    .where(eq(packageNames.memberId, ownerId));
  const own = {
    enabled: new Set(rows.filter((r) => r.status === 'enabled').map((r) => appKey(r.platform, r.key, r.platform === 'android' ? r.signature : ''))),
    any: rows.length > 0,
  };
  registered.set(ownerId, own);
  return own;
}

/**
 * Why an SDK call's declared app may not call for this main account, as SYSTEM_048's message, or
 * null when an enabled entry matches platform, package (any case) and, on Android, fingerprint.
 */
function refusalOf(own: Registered, app: DeclaredApp): string | null {
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
  if (own.enabled.has(appKey(app.platform, packageKey(app.packageName), signature))) return null;
  return `调用方应用未登记或未启用：${app.platform === 'android' ? 'Android' : 'iOS'} 应用「${app.packageName}」${
    app.platform === 'android' ? '（含签名指纹）' : ''
  }不在已启用的包名中，请在用户中心「包名管理」登记并启用`;
}

// ── Telling a company in its transition period ───────────────────────────────────────────────
/** The message's title: also how an earlier one is found, so a company is told once a week. */
export const GRACE_TITLE = 'SDK 类接口的调用须登记应用包名';
const GRACE_REPEAT_DAYS = 7;
/**
 * Companies told (or found told) lately, in this process: a graced call costs no read after the
 * first. (Forgotten with the whitelist fact: a save in 包名管理 ends the grace anyway.)
 */
const told = new Memo<number, true>('whitelist', { ms: 6 * 3600_000, max: 50_000, byMember: true });

/**
 * Tell the company (an in-site message) that its app calls are answered only for now: which
 * interface, what the gateway would have said, and from when it will refuse. At most once a week.
 */
export async function tellOfGrace(db: Db, ownerId: number, interfaceName: string, why: string, enforceFrom: number | null): Promise<void> {
  if (told.get(ownerId)) return;
  told.set(ownerId, true);
  const [recent] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.memberId, ownerId), eq(messages.title, GRACE_TITLE), gt(messages.createdAt, new Date(Date.now() - GRACE_REPEAT_DAYS * 86_400_000))))
    .limit(1);
  if (recent) return;
  const from = enforceFrom === null ? '平台另行通知的日期' : chinaDay(new Date(enforceFrom));
  await sendMessage(db, ownerId, {
    kind: 'system',
    title: GRACE_TITLE,
    body: [
      `您的系统调用了 SDK 类接口「${interfaceName}」，但未声明已登记并启用的应用：${why}。`,
      `过渡期内此类调用照常应答并计费；自${from}起，或在您登记任一应用后，未登记应用的调用将返回 SYSTEM_048 且不计费。`,
      '请在请求头 X-App-Platform、X-App-Package（Android 另加 X-App-Signature）声明调用方应用，并在「包名管理」登记、启用。',
    ].join('\n'),
    link: '/userCenter/packageName',
  });
}
