// 包名管理 (/userCenter/packageName, menu code 6; spec 02 §7 "Packages"; issue #23).
// Declared here once; the server's routes, the pages and the OpenAPI document derive from it.
//
// The apps allowed to use the account's SDK interfaces (liveness, carrier one-click login): an
// Android package name with its signing certificate's SHA-256 fingerprint, or an iOS bundle id.
// A call of an SDK interface declares its app in request headers (APP_HEADERS); the gateway
// answers SYSTEM_048 unless the account has an enabled entry for that app. The list is the
// company's: a main account keeps it, its sub-accounts' calls are checked against it and they
// may read it, not change it.
import { z } from 'zod';
import { FEATURE } from './account';
import { featureCalls } from './declare';
import { hasControlChars } from './online';
import { parseId } from './paging';

export const PACKAGE_PLATFORMS = { android: 'Android', ios: 'iOS' } as const;
export type PackagePlatform = keyof typeof PACKAGE_PLATFORMS;
export const PACKAGE_STATUSES = { enabled: '启用', disabled: '停用' } as const;
export type PackageStatus = keyof typeof PACKAGE_STATUSES;

export const PACKAGE_LIMITS = {
  /** Entries one account keeps (enabled or not). */
  maxEntries: 50,
  androidChars: 255,
  iosChars: 155,
  appNameChars: 30,
  remarkChars: 100,
  keywordChars: 100,
} as const;

/** The request headers a call of an SDK interface declares its app with (lower case as node reads them). */
export const APP_HEADERS = { platform: 'x-app-platform', package: 'x-app-package', signature: 'x-app-signature' } as const;

export const PACKAGE_MSG = {
  platform: '请选择应用平台（Android 或 iOS）',
  appNameRequired: '请输入应用名称',
  appNameLong: `应用名称最多 ${PACKAGE_LIMITS.appNameChars} 个字`,
  androidRequired: '请输入 Android 应用包名',
  androidFormat: 'Android 包名格式不正确：至少两段、以点分隔，每段以字母开头，只含字母、数字和下划线（如 com.example.app）',
  androidLong: `Android 包名最多 ${PACKAGE_LIMITS.androidChars} 个字符`,
  iosRequired: '请输入 iOS Bundle ID',
  iosFormat: 'Bundle ID 格式不正确：反向域名格式，至少两段、以点分隔，只含字母、数字和连字符（如 com.example.app）',
  iosLong: `Bundle ID 最多 ${PACKAGE_LIMITS.iosChars} 个字符`,
  signatureRequired: 'Android 应用请填写签名证书的 SHA-256 指纹',
  signatureFormat: 'SHA-256 指纹应为 64 位十六进制字符，可用冒号分隔（如 AB:CD:…），可用 keytool -list -v 查看签名证书获得',
  remarkLong: `备注最多 ${PACKAGE_LIMITS.remarkChars} 个字`,
  keywordLong: `搜索内容最多 ${PACKAGE_LIMITS.keywordChars} 个字`,
  controlChars: '内容含有不可见的控制字符，请删除后重试',
  status: '请选择启用或停用',
  duplicate: (platform: PackagePlatform, name: string) => `${PACKAGE_PLATFORMS[platform]} 应用「${name}」已登记，请编辑或启用原记录`,
  tooMany: `每个账号最多登记 ${PACKAGE_LIMITS.maxEntries} 个应用包名，可将不再使用的记录修改为新的应用`,
  missing: '包名记录不存在',
  subReadOnly: '包名由主账号统一管理，子账号只能查看',
  saved: '包名已保存，约 1 分钟内对 SDK 接口调用生效',
  enabled: '已启用，约 1 分钟内对 SDK 接口调用生效',
  disabled: '已停用，该应用发起的 SDK 接口调用将被拒绝（SYSTEM_048）',
} as const;

const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const IOS_BUNDLE = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** The problem of a package name / bundle id on its platform, or null. */
export function packageNameProblem(platform: PackagePlatform, name: string): string | null {
  if (platform === 'android') {
    if (!name) return PACKAGE_MSG.androidRequired;
    if (name.length > PACKAGE_LIMITS.androidChars) return PACKAGE_MSG.androidLong;
    return ANDROID_PACKAGE.test(name) ? null : PACKAGE_MSG.androidFormat;
  }
  if (!name) return PACKAGE_MSG.iosRequired;
  if (name.length > PACKAGE_LIMITS.iosChars) return PACKAGE_MSG.iosLong;
  return IOS_BUNDLE.test(name) ? null : PACKAGE_MSG.iosFormat;
}

/**
 * A SHA-256 certificate fingerprint as people copy it (64 hex digits, with or without colons, any
 * case) in the form keytool prints: AB:CD:…, upper case. Null when it is not one.
 */
export function normaliseFingerprint(text: string): string | null {
  const t = text.trim();
  if (!/^[0-9A-Fa-f]{64}$/.test(t) && !/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/.test(t)) return null;
  const hex = t.replaceAll(':', '').toUpperCase();
  return hex.match(/../g)?.join(':') ?? null;
}

/** Matching ignores case: com.Example.App and com.example.app are one app. */
export const packageKey = (name: string) => name.trim().toLowerCase();

const text = (max: number, long: string) =>
  z
    .string()
    .trim()
    .max(max, long)
    .refine((v) => !hasControlChars(v), PACKAGE_MSG.controlChars);
const optionalText = (max: number, long: string) => z.preprocess((v) => (v === undefined || v === null ? '' : v), text(max, long));

const Platform = z.enum(['android', 'ios'], { error: PACKAGE_MSG.platform });
/** A malformed or absent id is an entry that does not exist (ALL_0011), as another company's is. */
const packageId = z.preprocess((v) => parseId(v), z.number().int().nullable());

/** myPackage/getPackageList: every entry of the company (at most 50), filtered on the page's terms. */
export const PackageNameListInput = z.object({
  platform: z.preprocess((v) => (v === '' || v === null ? undefined : v), Platform.optional()),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['enabled', 'disabled'], { error: PACKAGE_MSG.status }).optional()),
  /** Part of the package name or the app name. */
  keyword: optionalText(PACKAGE_LIMITS.keywordChars, PACKAGE_MSG.keywordLong),
});
export type PackageNameListInput = z.infer<typeof PackageNameListInput>;

/**
 * myPackage/saveMyPackage: a new entry (no id, enabled) or a change of one (its id; its status
 * stays). The signature is an Android app's; an iOS entry has none.
 */
export const SavePackageNameInput = z
  .object({
    /** Absent: a new entry; malformed: an entry that does not exist (ALL_0011). */
    id: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : (parseId(v) ?? 0)), z.number().int().optional()),
    platform: Platform,
    /** Its length and form are the platform's (packageNameProblem, below). */
    packageName: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z
        .string()
        .trim()
        .refine((v) => !hasControlChars(v), PACKAGE_MSG.controlChars),
    ),
    appName: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      text(PACKAGE_LIMITS.appNameChars, PACKAGE_MSG.appNameLong).pipe(z.string().min(1, PACKAGE_MSG.appNameRequired)),
    ),
    signature: optionalText(200, PACKAGE_MSG.signatureFormat),
    remark: optionalText(PACKAGE_LIMITS.remarkChars, PACKAGE_MSG.remarkLong),
  })
  .superRefine((v, ctx) => {
    const problem = packageNameProblem(v.platform, v.packageName);
    if (problem) ctx.addIssue({ code: 'custom', path: ['packageName'], message: problem });
    if (v.platform === 'android') {
      if (!v.signature) ctx.addIssue({ code: 'custom', path: ['signature'], message: PACKAGE_MSG.signatureRequired });
      else if (!normaliseFingerprint(v.signature)) ctx.addIssue({ code: 'custom', path: ['signature'], message: PACKAGE_MSG.signatureFormat });
    }
  })
  .transform((v) => ({ ...v, signature: v.platform === 'android' ? (normaliseFingerprint(v.signature) ?? '') : '' }));
export type SavePackageNameInput = z.infer<typeof SavePackageNameInput>;

/** myPackage/updateStatus: enable or disable one entry. */
export const PackageNameStatusInput = z.object({
  id: packageId,
  status: z.enum(['enabled', 'disabled'], { error: PACKAGE_MSG.status }),
});
export type PackageNameStatusInput = z.infer<typeof PackageNameStatusInput>;

export const PackageNameView = z.object({
  id: z.number().int(),
  platform: Platform,
  packageName: z.string(),
  appName: z.string(),
  /** AB:CD:… for Android; '' for iOS. */
  signature: z.string(),
  remark: z.string(),
  status: z.enum(['enabled', 'disabled']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageNameView = z.infer<typeof PackageNameView>;

/** An interface that needs a registered app, and whether the company has bought it. */
export const SdkInterface = z.object({ interfaceId: z.number().int(), interfaceName: z.string(), purchased: z.boolean() });
export type SdkInterface = z.infer<typeof SdkInterface>;

/** Behind menu code 6 包名管理 (spec 02 §6): the server refuses an account without it. */
const packageCall = featureCalls(FEATURE.packageName);

/**
 * 包名管理. The company must be authenticated and hold menu code 6; every entry is the company's
 * (a main account's own; a sub-account reads its main account's and changes nothing); another
 * company's id answers as a nonexistent id does.
 */
export const packageNamesApi = {
  list: packageCall({
    method: 'POST',
    path: '/myPackage/getPackageList',
    summary: `应用包名列表（按平台、状态、关键词筛选，至多 ${PACKAGE_LIMITS.maxEntries} 条），附需要登记应用的 SDK 类接口及是否已购`,
    input: PackageNameListInput,
    answer: {
      rows: PackageNameView,
      extra: {
        sdkInterfaces: z.array(SdkInterface),
        readOnly: z.boolean(),
        /** From this China day (YYYY-MM-DD) a company with no app registered is held too; null: not set yet (Decision 216). */
        enforceFrom: z.string().nullable(),
      },
    },
  }),
  save: packageCall({
    method: 'POST',
    path: '/myPackage/saveMyPackage',
    summary: '登记应用包名（Android 包名与签名 SHA-256 指纹，或 iOS Bundle ID）；带 id 为修改',
    input: SavePackageNameInput,
    answer: { data: PackageNameView },
    fails: ['ALL_0011'],
  }),
  updateStatus: packageCall({
    method: 'POST',
    path: '/myPackage/updateStatus',
    summary: '启用或停用一个应用包名（停用后该应用的 SDK 接口调用返回 SYSTEM_048）',
    input: PackageNameStatusInput,
    answer: { data: PackageNameView },
    fails: ['ALL_0011'],
  }),
} as const;
