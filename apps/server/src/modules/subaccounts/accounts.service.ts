// A main account's sub-accounts (accountManagement/*) and the SMS invitation through which a
// sub-account's holder sets the first password (memberShip/invite, acceptInvite). A sub-account
// is a `members` row with parent_id, its terms a `sub_accounts` row. Only a main account manages
// sub-accounts; an id that is not one of the caller's own sub-accounts answers as if it did not
// exist, so nobody learns another company's ids.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  BILLING_MODE_LABEL,
  BILLING_MODES,
  type BillingMode,
  pageOffset,
  type BillingModeInput,
  type SubAccountConf,
  type SubAccountListInput,
  type SubAccountRow,
  type SubAccountSaved,
  type SubAccountSaveInput,
  SUB_ACCOUNT_LIMITS,
  SUB_MSG,
  SUB_STATUS_LABEL,
} from '@apimarket/contracts';
import { and, count, desc, eq, gt, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assignments, members, subAccountInvites, subAccounts } from '../../db/schema';
import { isUniqueViolation, likeLiteral } from '../../db/sql';
import { Conflict, Forbidden, NotFound, Throttled } from '../../http/errors';
import { forget } from '../../memo';
import type { Notifier } from '../../notify';
import type { Account } from '../account/access';
import { maskMobile } from '../identity/context';
import { hashPassword } from '../identity/password';
import { revokeAllSessions } from '../identity/session.service';
import { hit } from '../throttle/throttle.service';

/** Success messages of these calls (the screens show the server's msg). */
export const SUB_DONE = {
  created: '子账号已创建',
  invited: '子账号已创建，设置密码的链接已通过短信发送',
  updated: '子账号信息已保存',
  enabled: '子账号已启用',
  disabled: '子账号已停用，其登录已全部失效',
  passwordShown: '密码已重置，请将新密码告知子账号使用人',
  passwordInvited: '密码已重置，设置新密码的链接已通过短信发送',
  billingSaved: '计费方式已保存',
  passwordSet: '密码设置成功，请使用新密码登录',
  /** The carrier refused the invitation SMS for good: the main account sends it again or shows a password. */
  inviteFailed: '子账号已创建，但短信未能发送，请稍后在列表中“重置密码”重新发送，或改为显示初始密码',
  resetInviteFailed: '密码已重置，但短信未能发送，请稍后重试，或改为显示新密码',
} as const;

/** Another account already uses the phone: login by phone and the password reset need one owner per phone. */
export const MOBILE_TAKEN = '该手机号已被其他账号使用';

/**
 * memberShip/invite and acceptInvite from one client address, counted together before anything
 * is checked: a person opening the link needs a few; a token cannot be guessed (256 bits), but
 * each accept costs a password hash.
 */
export const INVITE_LIMITS = { perIp: { count: 30, windowMs: 10 * 60_000 } } as const;
export const INVITE_THROTTLED = '尝试次数过多，请10分钟后再试';
/** Invitation SMS one main account may have sent in an hour (new sub-accounts and resets together). */
export const INVITE_SMS_PER_HOUR = 30;

// ── Who may ask ──────────────────────────────────────────────────────────────────────────────
function mainOnly(account: Account): void {
  if (account.isSub) throw new Forbidden(SUB_MSG.mainOnly);
}

/** The caller's own sub-account (locked for update inside a transaction), or 404. */
async function ownSub(db: Db | Tx, account: Account, id: number, lock = false) {
  const q = db
    .select({ id: members.id, loginName: members.loginName, mobile: members.mobile, status: members.status })
    .from(members)
    .where(and(eq(members.id, id), eq(members.parentId, account.memberId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new NotFound(SUB_MSG.subMissing);
  return row;
}

/** Lock the main account's row, so two writes deciding on the active count run one after the other. */
async function lockMain(tx: Tx, account: Account): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, account.memberId)).for('update');
}

async function activeCount(db: Db | Tx, mainId: number): Promise<number> {
  return db.$count(members, and(eq(members.parentId, mainId), eq(members.status, 'active')));
}

/** The sub-accounts a main account may have active at once (an operator setting may raise it later). */
function maxSubAccounts(): number {
  return SUB_ACCOUNT_LIMITS.defaultMax;
}

async function checkRoom(tx: Tx, account: Account): Promise<void> {
  const max = maxSubAccounts();
  if ((await activeCount(tx, account.memberId)) >= max) throw new Conflict(SUB_MSG.limit(max));
}

// ── Passwords and invitations ────────────────────────────────────────────────────────────────
// No 0/O, 1/l/I: the password is read off a screen and typed by someone else.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 10 characters, letters and digits (both kinds present), as the Password rule wants. */
export function generatePassword(): string {
  const all = LETTERS + DIGITS;
  for (;;) {
    const p = Array.from({ length: 10 }, () => all[randomInt(all.length)]).join('');
    if (/[A-Za-z]/.test(p) && /\d/.test(p)) return p;
  }
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A password hash nobody can log in with: the hash of 32 random bytes nobody keeps. */
function unusableHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** How the new password reaches the holder: shown now (its hash), or through an invitation. */
interface PasswordPlan {
  passwordHash: string;
  /** The password to show once, or null. */
  shown: string | null;
  /** The invitation token to send, or null. */
  token: string | null;
}

async function planPassword(db: Db, account: Account, delivery: 'show' | 'sms'): Promise<PasswordPlan> {
  if (delivery === 'show') {
    const shown = generatePassword();
    return { passwordHash: await hashPassword(shown), shown, token: null };
  }
  // Each invitation is an SMS the platform pays for and signs: bounded per main account.
  if ((await hit(db, `subinvite:main:${account.memberId}`, 3600_000)) > INVITE_SMS_PER_HOUR) throw new Throttled();
  return { passwordHash: await unusableHash(), shown: null, token: randomBytes(32).toString('base64url') };
}

/**
 * Inside the transaction that sets the password: any invitation still open is voided (an old
 * link must not override the new password), and a new one stored when the plan sends one.
 */
async function replaceInvites(tx: Tx, memberId: number, plan: PasswordPlan): Promise<void> {
  await tx
    .update(subAccountInvites)
    .set({ usedAt: new Date() })
    .where(and(eq(subAccountInvites.memberId, memberId), isNull(subAccountInvites.usedAt)));
  if (plan.token) {
    await tx.insert(subAccountInvites).values({
      memberId,
      tokenHash: tokenHash(plan.token),
      expiresAt: new Date(Date.now() + SUB_ACCOUNT_LIMITS.inviteHours * 3600_000),
    });
  }
}

/** Answers whether the SMS left (sent, or queued for a retry); false when the carrier refused it for good. */
async function sendInvite(notifier: Notifier, to: string, loginName: string, link: string, reset: boolean): Promise<boolean> {
  const hours = SUB_ACCOUNT_LIMITS.inviteHours;
  const body = reset
    ? `您的企业主账号已重置子账号 ${loginName} 的密码，请在${hours}小时内打开 ${link} 设置新的登录密码。`
    : `您的企业主账号已为您开通子账号 ${loginName}，请在${hours}小时内打开 ${link} 设置登录密码。`;
  // After the commit: the outbox is not part of the transaction. A real carrier sends the
  // approved template SMS_TEMPLATE_SUB_INVITE with these variables (README).
  const template = { kind: 'sub_invite', params: { name: loginName, hours: String(hours), link } } as const;
  const { status } = await notifier.send({ channel: 'sms', to, body, template });
  return status !== 'failed';
}

export interface InviteSender {
  notifier: Notifier;
  /** The site's public origin, where /invite/<token> opens (no trailing slash). */
  origin: string;
}

const inviteLink = (sender: InviteSender, token: string) => `${sender.origin}/invite/${token}`;

// ── accountManagement/list ───────────────────────────────────────────────────────────────────
const assignmentCount = sql<number>`(select count(*) from ${assignments} where ${assignments.memberId} = ${members.id})`.mapWith(Number);
const invitePending = sql<boolean>`(${members.lastLoginAt} is null and exists (select 1 from ${subAccountInvites} i where i.member_id = ${members.id} and i.used_at is null and i.expires_at > now()))`;

const rowFields = {
  id: members.id,
  loginName: members.loginName,
  contacter: members.contacter,
  mobile: members.mobile,
  status: members.status,
  companyInfoVisible: members.companyInfoVisible,
  lastLoginAt: members.lastLoginAt,
  createdAt: members.createdAt,
  subCompanyName: subAccounts.subCompanyName,
  billingMode: subAccounts.billingMode,
  amountLeftMfen: subAccounts.amountLeftMfen,
  spentMfen: subAccounts.spentMfen,
  assignments: assignmentCount,
  invitePending,
};

function toRow(r: {
  id: number;
  loginName: string;
  contacter: string;
  mobile: string;
  status: string;
  companyInfoVisible: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  subCompanyName: string;
  billingMode: string;
  amountLeftMfen: number;
  spentMfen: number;
  assignments: number;
  invitePending: boolean;
}): SubAccountRow {
  const status = r.status === 'active' ? 'active' : 'disabled';
  const billingMode: BillingMode = r.billingMode === 'amount' ? 'amount' : 'calls';
  return {
    id: r.id,
    loginName: r.loginName,
    contacter: r.contacter,
    mobile: maskMobile(r.mobile),
    subCompanyName: r.subCompanyName,
    status,
    statusLabel: SUB_STATUS_LABEL[status],
    companyInfoVisible: r.companyInfoVisible,
    billingMode,
    billingModeLabel: BILLING_MODE_LABEL[billingMode],
    amountLeftFen: Math.floor(Number(r.amountLeftMfen) / 1000),
    spentFen: Math.floor(Number(r.spentMfen) / 1000),
    assignments: Number(r.assignments),
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    invitePending: r.invitePending === true,
  };
}

export async function listSubAccounts(db: Db, account: Account, input: SubAccountListInput): Promise<{ rows: SubAccountRow[]; total: number }> {
  mainOnly(account);
  const conditions: (SQL | undefined)[] = [eq(members.parentId, account.memberId)];
  if (input.keyword) {
    const pattern = likeLiteral(input.keyword);
    conditions.push(
      or(sql`${members.loginName} ilike ${pattern}`, sql`${members.contacter} ilike ${pattern}`, sql`${subAccounts.subCompanyName} ilike ${pattern}`),
    );
  }
  if (input.status) conditions.push(eq(members.status, input.status));
  if (input.subCompanyName) conditions.push(eq(subAccounts.subCompanyName, input.subCompanyName));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowFields)
      .from(members)
      .innerJoin(subAccounts, eq(subAccounts.memberId, members.id))
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ n: count() }).from(members).innerJoin(subAccounts, eq(subAccounts.memberId, members.id)).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

async function rowOf(db: Db, account: Account, id: number): Promise<SubAccountRow> {
  const [row] = await db
    .select(rowFields)
    .from(members)
    .innerJoin(subAccounts, eq(subAccounts.memberId, members.id))
    .where(and(eq(members.id, id), eq(members.parentId, account.memberId)));
  if (!row) throw new NotFound(SUB_MSG.subMissing);
  return toRow(row);
}

// ── accountManagement/save ───────────────────────────────────────────────────────────────────
async function mobileTaken(db: Db | Tx, mobile: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.mobile, mobile), except === undefined ? undefined : ne(members.id, except)))
    .limit(1);
  return row !== undefined;
}

async function nameTaken(db: Db | Tx, loginName: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(sql`lower(${members.loginName}) = lower(${loginName})`).limit(1);
  return row !== undefined;
}

/**
 * A new sub-account (no id): its member row and terms in one transaction, its first password
 * shown once or set through an SMS link. A change (id): contact, phone, department and company
 * visibility; the login name never changes.
 */
export async function saveSubAccount(
  db: Db,
  sender: InviteSender,
  account: Account,
  input: SubAccountSaveInput,
): Promise<SubAccountSaved & { message: string }> {
  mainOnly(account);
  if (input.id !== undefined) {
    const id = input.id;
    const sub = await ownSub(db, account, id);
    // The list shows the phone masked: a change that leaves it empty keeps the current one.
    const mobile = input.mobile === '' ? sub.mobile : input.mobile;
    if (mobile !== sub.mobile && (await mobileTaken(db, mobile, id))) throw new Conflict(MOBILE_TAKEN);
    await db.transaction(async (tx) => {
      await tx.update(members).set({ contacter: input.contacter, mobile, companyInfoVisible: input.companyInfoVisible }).where(eq(members.id, id));
      await tx.update(subAccounts).set({ subCompanyName: input.subCompanyName, updatedAt: new Date() }).where(eq(subAccounts.memberId, id));
    });
    return { id, loginName: sub.loginName, initialPassword: null, invited: false, message: SUB_DONE.updated };
  }

  const loginName = input.loginName ?? '';
  // Cheap refusals before any hashing: a taken name, a taken phone, no room.
  if (await nameTaken(db, loginName)) throw new Conflict(SUB_MSG.nameTaken);
  if (await mobileTaken(db, input.mobile)) throw new Conflict(MOBILE_TAKEN);
  if ((await activeCount(db, account.memberId)) >= maxSubAccounts()) throw new Conflict(SUB_MSG.limit(maxSubAccounts()));
  const plan = await planPassword(db, account, input.passwordDelivery);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await lockMain(tx, account);
      await checkRoom(tx, account);
      const [m] = await tx
        .insert(members)
        .values({
          loginName,
          mobile: input.mobile,
          contacter: input.contacter,
          passwordHash: plan.passwordHash,
          parentId: account.memberId,
          companyInfoVisible: input.companyInfoVisible,
          featureCodes: null,
          // The free trial belongs to the company that registered (Decision 1), not to each team.
          trialCalls: 0,
        })
        .returning({ id: members.id });
      if (!m) throw new Error('member insert returned no row');
      await tx.insert(subAccounts).values({ memberId: m.id, parentId: account.memberId, subCompanyName: input.subCompanyName, billingMode: 'calls' });
      await replaceInvites(tx, m.id, plan);
      return m.id;
    });
  } catch (err) {
    // Two creations racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw new Conflict(SUB_MSG.nameTaken);
    throw err;
  }
  if (!plan.token) return { id, loginName, initialPassword: plan.shown, invited: false, message: SUB_DONE.created };
  const invited = await sendInvite(sender.notifier, input.mobile, loginName, inviteLink(sender, plan.token), false);
  return { id, loginName, initialPassword: null, invited, message: invited ? SUB_DONE.invited : SUB_DONE.inviteFailed };
}

// ── accountManagement/changeState ────────────────────────────────────────────────────────────
/**
 * Disabling ends the sub-account's sessions at once and its keys answer SYSTEM_005 (the
 * gateway forgets what it knew); enabling needs room under the active limit.
 */
export async function changeSubState(db: Db, account: Account, input: { id: number; action: 'enable' | 'disable' }): Promise<string> {
  mainOnly(account);
  const status = input.action === 'enable' ? 'active' : 'disabled';
  await db.transaction(async (tx) => {
    if (status === 'active') await lockMain(tx, account);
    const sub = await ownSub(tx, account, input.id, true);
    if (sub.status === status) throw new Conflict(status === 'active' ? SUB_MSG.alreadyEnabled : SUB_MSG.alreadyDisabled);
    if (status === 'active') await checkRoom(tx, account);
    await tx.update(members).set({ status }).where(eq(members.id, sub.id));
    if (status === 'disabled') await revokeAllSessions(tx, sub.id);
  });
  forget('purchases');
  forget('credentials', input.id);
  return status === 'active' ? SUB_DONE.enabled : SUB_DONE.disabled;
}

// ── accountManagement/resetPassword ──────────────────────────────────────────────────────────
/** A new password shown once, or an SMS link to set one; either way its sessions end. */
export async function resetSubPassword(
  db: Db,
  sender: InviteSender,
  account: Account,
  input: { id: number; passwordDelivery: 'show' | 'sms' },
): Promise<SubAccountSaved & { message: string }> {
  mainOnly(account);
  const sub = await ownSub(db, account, input.id);
  const plan = await planPassword(db, account, input.passwordDelivery);
  await db.transaction(async (tx) => {
    await ownSub(tx, account, input.id, true);
    await tx.update(members).set({ passwordHash: plan.passwordHash }).where(eq(members.id, sub.id));
    await revokeAllSessions(tx, sub.id);
    await replaceInvites(tx, sub.id, plan);
  });
  const saved = { id: sub.id, loginName: sub.loginName };
  if (!plan.token) return { ...saved, initialPassword: plan.shown, invited: false, message: SUB_DONE.passwordShown };
  const invited = await sendInvite(sender.notifier, sub.mobile, sub.loginName, inviteLink(sender, plan.token), true);
  return { ...saved, initialPassword: null, invited, message: invited ? SUB_DONE.passwordInvited : SUB_DONE.resetInviteFailed };
}

// ── accountManagement/saveBillingMode ────────────────────────────────────────────────────────
/** Calls mode (no money allotment), or amount mode with what it may use from now (replacing what was left). */
export async function saveBillingMode(db: Db, account: Account, input: BillingModeInput): Promise<SubAccountRow> {
  mainOnly(account);
  const amountLeftMfen = input.billingMode === 'amount' ? (input.amount ?? 0) * 1000 : 0;
  const [changed] = await db
    .update(subAccounts)
    .set({ billingMode: input.billingMode, amountLeftMfen, updatedAt: new Date() })
    .where(and(eq(subAccounts.memberId, input.id), eq(subAccounts.parentId, account.memberId)))
    .returning({ id: subAccounts.memberId });
  if (!changed) throw new NotFound(SUB_MSG.subMissing);
  forget('purchases');
  return rowOf(db, account, input.id);
}

// ── accountManagement/subCompanyName, accountConf ────────────────────────────────────────────
export async function subCompanyNames(db: Db, account: Account): Promise<string[]> {
  mainOnly(account);
  const rows = await db
    .selectDistinct({ name: subAccounts.subCompanyName })
    .from(subAccounts)
    .where(and(eq(subAccounts.parentId, account.memberId), ne(subAccounts.subCompanyName, '')));
  return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'zh-CN'));
}

export async function subAccountConf(db: Db, account: Account): Promise<SubAccountConf> {
  mainOnly(account);
  return {
    maxSubAccounts: maxSubAccounts(),
    used: await activeCount(db, account.memberId),
    billingModes: BILLING_MODES.map((value) => ({ value, label: BILLING_MODE_LABEL[value] })),
    maxCalls: SUB_ACCOUNT_LIMITS.maxCalls,
    maxAmountFen: SUB_ACCOUNT_LIMITS.maxAmountFen,
    inviteHours: SUB_ACCOUNT_LIMITS.inviteHours,
  };
}

// ── memberShip/invite, acceptInvite (public) ─────────────────────────────────────────────────
async function countInviteAttempt(db: Db, ip: string): Promise<void> {
  if ((await hit(db, `invite:ip:${ip}`, INVITE_LIMITS.perIp.windowMs)) > INVITE_LIMITS.perIp.count) throw new Throttled(INVITE_THROTTLED, 'ALL_0028');
}

async function openInvite(db: Db, token: string) {
  if (!token) return undefined;
  const [row] = await db
    .select({ memberId: subAccountInvites.memberId, loginName: members.loginName, expiresAt: subAccountInvites.expiresAt })
    .from(subAccountInvites)
    .innerJoin(members, eq(members.id, subAccountInvites.memberId))
    .where(and(eq(subAccountInvites.tokenHash, tokenHash(token)), isNull(subAccountInvites.usedAt), gt(subAccountInvites.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function viewInvite(db: Db, ip: string, token: string): Promise<{ loginName: string; expiresAt: string }> {
  await countInviteAttempt(db, ip);
  const invite = await openInvite(db, token);
  if (!invite) throw new NotFound(SUB_MSG.inviteInvalid);
  return { loginName: invite.loginName, expiresAt: invite.expiresAt.toISOString() };
}

/** The holder sets the password: the invitation is used once, in the transaction that sets it. */
export async function acceptInvite(db: Db, ip: string, input: { inviteToken: string; password: string }): Promise<void> {
  await countInviteAttempt(db, ip);
  // Checked first so a dead link costs no password hashing; checked again in the transaction.
  if (!(await openInvite(db, input.inviteToken))) throw new NotFound(SUB_MSG.inviteInvalid);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(subAccountInvites)
      .set({ usedAt: new Date() })
      .where(and(eq(subAccountInvites.tokenHash, tokenHash(input.inviteToken)), isNull(subAccountInvites.usedAt), gt(subAccountInvites.expiresAt, sql`now()`)))
      .returning({ memberId: subAccountInvites.memberId });
    if (!used) throw new NotFound(SUB_MSG.inviteInvalid);
    await tx.update(members).set({ passwordHash }).where(eq(members.id, used.memberId));
    await revokeAllSessions(tx, used.memberId);
  });
}
