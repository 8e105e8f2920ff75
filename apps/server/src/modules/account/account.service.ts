// The account side of the user center: which menus an account has (spec 02 §6), its summary
// and dashboard figures, password and phone changes, the notification e-mail, and switching
// into a sub-account. Every read is keyed by the member id of the session.
import {
  ACCOUNT_MSG,
  type AccountSummary,
  ALWAYS_FEATURES,
  type ChangePasswordInput,
  type ChildAccount,
  FEATURE,
  type HomeData,
  type QualificationStatus,
  type SmsSendInput,
  type UpdateMobileInput,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertRules, assignments, balances, callRecords, interfaces, loginEvents, members, purchases, sessions } from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors';
import type { Notifier } from '../../notify';
import { consumeCaptcha } from '../identity/captcha.service';
import { maskMobile } from '../identity/context';
import { hashPassword } from '../identity/password';
import { createSession } from '../identity/session.service';
import { sendSmsCode, verifySmsCode } from '../identity/sms.service';
import { currentQualification } from '../qualification/qualification.service';
import { type Account, grantedFeatures } from './access';
import { sendMessage, unreadCount } from './messages.service';
import { confirmPassword } from './reauth';

export interface AccountRules {
  /** Decision 3: login names with unread 0 and no cost-management menu. */
  specialUsers: ReadonlySet<string>;
}

type MemberRow = typeof members.$inferSelect;

async function memberRow(db: Db, memberId: number): Promise<MemberRow> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  if (!row) throw new NotFound();
  return row;
}

/**
 * The account's feature codes: what it was granted (or its kind's defaults), plus the menus
 * every account has — less cost management for the special users and sub-accounts, less the IP
 * whitelist for sub-accounts, and less enterprise authentication for a sub-account whose parent
 * keeps the company information private.
 */
export function featureCodes(
  row: Pick<MemberRow, 'featureCodes' | 'parentId' | 'companyInfoVisible' | 'loginName'>,
  rules: AccountRules,
  /** A sub-account's main account's row: the sub-account holds none of the menus it lacks. */
  parent?: Pick<MemberRow, 'featureCodes' | 'parentId'> | null,
): number[] {
  const isSub = row.parentId !== null;
  const theirs = isSub && parent ? grantedFeatures(parent) : null;
  const granted = grantedFeatures(row).filter((c) => !isSub || (theirs?.includes(c) ?? false));
  const always = ALWAYS_FEATURES.filter((c) => {
    // A sub-account neither pays nor sets the company's IP whitelist (its keys are checked
    // against its main account's): no 费用管理, no IP白名单 (Decision 177).
    if (c === FEATURE.costManage) return !isSub && !rules.specialUsers.has(row.loginName);
    if (c === FEATURE.ipWhitelist) return !isSub;
    if (c === FEATURE.enterpriseAuth) return !isSub || row.companyInfoVisible;
    return true;
  });
  return [...new Set([...granted, ...always])].sort((a, b) => a - b);
}

export async function menuOf(db: Db, account: Account, rules: AccountRules): Promise<number[]> {
  const row = await memberRow(db, account.memberId);
  return featureCodes(row, rules, row.parentId === null ? null : await memberRow(db, row.parentId));
}

export async function accountSummary(db: Db, account: Account): Promise<AccountSummary> {
  const row = await memberRow(db, account.memberId);
  const parent = row.parentId ? await memberRow(db, row.parentId) : null;
  const qualification = await currentQualification(db, account.companyOwnerId);
  const [lastLogin] = await db
    .select({ ip: loginEvents.ip, at: loginEvents.createdAt })
    .from(loginEvents)
    .where(and(eq(loginEvents.memberId, account.memberId), inArray(loginEvents.outcome, ['success', 'phone_verified', 'switch'])))
    .orderBy(desc(loginEvents.id))
    .limit(1);
  return {
    loginName: row.loginName,
    mobile: maskMobile(row.mobile),
    contacter: row.contacter,
    email: row.email,
    isSubAccount: account.isSub,
    parentName: parent?.loginName ?? '',
    qualification: (qualification?.status as QualificationStatus | undefined) ?? 'none',
    companyName: qualification?.status === 'approved' ? qualification.companyName : '',
    lastLoginAt: (lastLogin?.at ?? row.lastLoginAt)?.toISOString() ?? null,
    lastLoginIp: lastLogin?.ip ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The dashboard's figures, read from the records: the company's balance, this account's
 * purchases and its calls of the open data API (China days and months), and its usage alerts
 * now past their threshold (enabled and fired).
 */
export async function homeData(db: Db, account: Account, rules: AccountRules): Promise<HomeData> {
  const row = await memberRow(db, account.memberId);
  const unread = rules.specialUsers.has(row.loginName) ? 0 : await unreadCount(db, account.memberId);
  const since = (unit: 'day' | 'month') => sql`date_trunc(${unit}, now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;
  const mine = eq(callRecords.memberId, account.memberId);
  const [[balance], [bought], [today], [month], recent, [alerting]] = await Promise.all([
    // A sub-account reads no company money (Decision 180) and counts the interfaces assigned to it.
    account.isSub ? Promise.resolve([{ fen: 0 }]) : db.select({ fen: balances.balanceFen }).from(balances).where(eq(balances.memberId, account.memberId)),
    account.isSub
      ? db.select({ n: count() }).from(assignments).where(eq(assignments.memberId, account.memberId))
      : db.select({ n: count() }).from(purchases).where(eq(purchases.memberId, account.memberId)),
    db
      .select({ n: count() })
      .from(callRecords)
      .where(and(mine, gte(callRecords.createdAt, since('day')))),
    db
      .select({ n: count() })
      .from(callRecords)
      .where(and(mine, gte(callRecords.createdAt, since('month')))),
    db
      .select({ seqNo: callRecords.seqNo, interfaceName: interfaces.interfaceName, code: callRecords.code, calledAt: callRecords.createdAt })
      .from(callRecords)
      .leftJoin(interfaces, eq(interfaces.id, callRecords.interfaceId))
      .where(mine)
      .orderBy(desc(callRecords.id))
      .limit(5),
    db
      .select({ n: count() })
      .from(alertRules)
      .where(and(eq(alertRules.memberId, account.memberId), eq(alertRules.enabled, true), eq(alertRules.fired, true))),
  ]);
  return {
    balance: ((balance?.fen ?? 0) / 100).toFixed(2),
    balanceFen: balance?.fen ?? 0,
    purchasedInterfaces: bought?.n ?? 0,
    callsToday: today?.n ?? 0,
    callsThisMonth: month?.n ?? 0,
    freeTestCallsLeft: row.trialCalls,
    unreadMessages: unread,
    openAlerts: alerting?.n ?? 0,
    recentCalls: recent.map((r) => ({ seqNo: r.seqNo, interfaceName: r.interfaceName ?? '', code: r.code, calledAt: r.calledAt.toISOString() })),
  };
}

// ── Password and phone ───────────────────────────────────────────────────────────────────────
/** UserCenter/Modification: every other session of the account ends; this one stays. */
export async function changePassword(db: Db, account: Account, input: ChangePasswordInput): Promise<void> {
  const row = await memberRow(db, account.memberId);
  await confirmPassword(db, row.id, input.oldPassword, ACCOUNT_MSG.oldPasswordWrong);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, row.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.memberId, row.id), isNull(sessions.revokedAt), ne(sessions.id, account.sessionId)));
    await sendMessage(tx, row.id, {
      kind: 'security',
      title: '登录密码已修改',
      body: '您的登录密码已修改，其他设备上的登录已全部退出。如非本人操作，请立即通过“忘记密码”重置密码并联系客服。',
      link: '/userCenter/ums',
    });
  });
}

/**
 * myAccount/sendMobileCode: the code for 更换手机号, sent to the new phone after the image captcha.
 * The account's own number is refused before anything is sent: no SMS spent on a change that
 * cannot happen.
 */
export async function sendMobileChangeCode(db: Db, notifier: Notifier, account: Account, input: SmsSendInput, ip: string): Promise<void> {
  const row = await memberRow(db, account.memberId);
  if (input.phone === row.mobile) throw new Invalid(ACCOUNT_MSG.sameMobile);
  await consumeCaptcha(db, input.uuid, input.captcha);
  await sendSmsCode(db, notifier, { phone: input.phone, purpose: 'general', ip });
}

/** myAccount/updateMobile: the password and the code sent to the new phone prove both ends. */
export async function updateMobile(db: Db, notifier: Notifier, account: Account, input: UpdateMobileInput): Promise<string> {
  const row = await memberRow(db, account.memberId);
  if (input.mobile === row.mobile) throw new Invalid(ACCOUNT_MSG.sameMobile);
  await confirmPassword(db, row.id, input.password, '登录密码错误');
  // The code first: only someone holding the new phone learns that it is already registered.
  await verifySmsCode(db, { phone: input.mobile, purpose: 'general', code: input.smsCode });
  const [taken] = await db.select({ id: members.id }).from(members).where(eq(members.mobile, input.mobile)).limit(1);
  if (taken) throw new Conflict('该手机号已被其他账号使用');
  await db.transaction(async (tx) => {
    await tx.update(members).set({ mobile: input.mobile }).where(eq(members.id, row.id));
    await sendMessage(tx, row.id, {
      kind: 'security',
      title: '绑定手机号已更换',
      body: `您的账号绑定手机号已由 ${maskMobile(row.mobile)} 更换为 ${maskMobile(input.mobile)}。如非本人操作，请立即联系客服。`,
      link: '/userCenter/ums',
    });
  });
  // The old phone hears about it too: if the account was taken over, its owner learns at once.
  await notifier.send({
    channel: 'sms',
    to: row.mobile,
    body: `您的账号绑定手机号已更换为${maskMobile(input.mobile)}，如非本人操作请立即联系客服。`,
    template: { kind: 'mobile_changed', params: { mobile: maskMobile(input.mobile) } },
  });
  return maskMobile(input.mobile);
}

/** UserCenter/activationCode, first step: a code to the address. */
export async function sendEmailCode(db: Db, notifier: Notifier, email: string, ip: string): Promise<void> {
  await sendSmsCode(db, notifier, { phone: email.toLowerCase(), purpose: 'email', ip });
}

/** Second step: the code proves the address; it becomes the account's notification e-mail. */
export async function bindEmail(db: Db, account: Account, email: string, code: string): Promise<void> {
  const address = email.toLowerCase();
  try {
    await verifySmsCode(db, { phone: address, purpose: 'email', code });
  } catch {
    throw new Invalid(ACCOUNT_MSG.emailCodeWrong);
  }
  await db.transaction(async (tx) => {
    await tx.update(members).set({ email: address }).where(eq(members.id, account.memberId));
    await sendMessage(tx, account.memberId, {
      kind: 'account',
      title: '通知邮箱已绑定',
      body: `您的账号已绑定通知邮箱 ${address}，预警与账单通知将同时发送到该邮箱。`,
      link: '/userCenter/ums',
    });
  });
}

// ── Sub-accounts ─────────────────────────────────────────────────────────────────────────────
export async function childrenOf(db: Db, account: Account): Promise<ChildAccount[]> {
  if (account.isSub) return [];
  return db
    .select({ id: members.id, mname: members.loginName, userName: members.contacter })
    .from(members)
    .where(and(eq(members.parentId, account.memberId), eq(members.status, 'active')))
    .orderBy(members.id);
}

/**
 * myAccount/changeLogin: the parent becomes one of its own active sub-accounts. The parent's
 * session ends (its cookie is replaced anyway), so no orphaned live token is left behind; the new
 * session remembers whom it was switched from, so myAccount/changeBack can return.
 */
export async function switchToChild(
  db: Db,
  account: Account,
  childId: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; memberId: number; loginName: string }> {
  if (account.isSub) throw new NotFound(ACCOUNT_MSG.childMissing);
  const [child] = await db
    .select({ id: members.id, loginName: members.loginName })
    .from(members)
    .where(and(eq(members.id, childId), eq(members.parentId, account.memberId), eq(members.status, 'active')));
  if (!child) throw new NotFound(ACCOUNT_MSG.childMissing);
  const { token } = await createSession(db, { memberId: child.id, remember: false, ...client, switchedFrom: account.memberId });
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, account.sessionId));
  await db
    .insert(loginEvents)
    .values({ memberId: child.id, loginName: child.loginName, ip: client.ip, userAgent: client.userAgent.slice(0, 256), outcome: 'switch' });
  return { token, memberId: child.id, loginName: child.loginName };
}

/**
 * myAccount/changeBack (Decision 178): a session the main account opened by switching into its
 * sub-account returns to the main account without a password — the main account proved itself
 * when it switched. Any other session (the sub-account's own login) is refused: a sub-account's
 * password never opens its main account. The switched session ends.
 */
export async function switchBack(
  db: Db,
  account: Account,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; memberId: number; loginName: string }> {
  if (!account.isSub || !account.switchedFrom || account.switchedFrom !== account.parentId) throw new Forbidden(ACCOUNT_MSG.notSwitched);
  const [main] = await db
    .select({ id: members.id, loginName: members.loginName, status: members.status })
    .from(members)
    .where(eq(members.id, account.switchedFrom));
  if (main?.status !== 'active') throw new Forbidden(ACCOUNT_MSG.parentDisabled);
  const { token } = await createSession(db, { memberId: main.id, remember: false, ...client });
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, account.sessionId));
  await db
    .insert(loginEvents)
    .values({ memberId: main.id, loginName: main.loginName, ip: client.ip, userAgent: client.userAgent.slice(0, 256), outcome: 'switch' });
  return { token, memberId: main.id, loginName: main.loginName };
}
