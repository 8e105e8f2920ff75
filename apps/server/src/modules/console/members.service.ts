// Member management of the console (issue #10, admin): the member list and detail, feature
// codes (also `npm run console -- features`), the security flag, disabling, and Decision 9's
// dormant accounts marked for closure. Every change is audited in its own transaction.
import {
  CLOSURE_NOTICE,
  type DormantListPage,
  type DormantRow,
  GRANTABLE_FEATURE_OPTIONS,
  GRANTABLE_FEATURES,
  type MemberDetail,
  type MemberFlagsInput,
  type MemberListPage,
  type MemberRow,
  MEMBER_MSG,
  MEMBER_STATUS_LABEL,
  type MemberStatus,
  type MemberStatusInput,
  maskPhone,
  pageOffset,
  QUALIFICATION_LABEL,
  type QualificationStatus,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { paged } from '../../db/sql';
import { members, purchases, qualifications } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import type { Notifier } from '../../notify';
import { featureCodes } from '../account/account.service';
import { sendMessage } from '../account/messages.service';
import { balanceOf } from '../billing/billing.service';
import { forget } from '../../memo';
import { revokeAllSessions } from '../identity/session.service';
import { currentQualification } from '../qualification/qualification.service';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';
import { dormantAccounts, dormantSince } from './overview.service';

const parent = alias(members, 'parent');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** When the account was last seen: its last login, or its registration if it never logged in. */
const lastSeen = sql`coalesce(${members.lastLoginAt}, ${members.createdAt})`;

/** The newest enterprise authentication of the account's company (a sub-account's parent's). */
const latestQualification = (column: typeof qualifications.companyName | typeof qualifications.status) =>
  sql<
    string | null
  >`(select ${column} from ${qualifications} where ${qualifications.memberId} = coalesce(${members.parentId}, ${members.id}) order by ${qualifications.id} desc limit 1)`;

const rowColumns = {
  id: members.id,
  loginName: members.loginName,
  mobile: members.mobile,
  contacter: members.contacter,
  parentId: members.parentId,
  parentLoginName: parent.loginName,
  status: members.status,
  securityFlagged: members.securityFlagged,
  companyName: latestQualification(qualifications.companyName),
  qualificationStatus: latestQualification(qualifications.status),
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
  closureMarkedAt: members.closureMarkedAt,
};

const rowQuery = (db: Db) => db.select(rowColumns).from(members).leftJoin(parent, eq(parent.id, members.parentId));
type Record_ = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

function memberRow(r: Record_): MemberRow {
  return {
    id: r.id,
    loginName: r.loginName,
    mobile: maskPhone(r.mobile),
    contacter: r.contacter,
    kind: r.parentId === null ? 'main' : 'sub',
    parentLoginName: r.parentLoginName ?? '',
    status: r.status as MemberStatus,
    securityFlagged: r.securityFlagged,
    companyName: r.companyName ?? '',
    qualificationStatus: (r.qualificationStatus ?? 'none') as QualificationStatus,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    closureMarkedAt: r.closureMarkedAt?.toISOString() ?? null,
  };
}

export async function listMembers(db: Db, q: MemberListPage): Promise<{ rows: MemberRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.keyword) {
    const text = `%${escapeLike(q.keyword)}%`;
    const match = [ilike(members.loginName, text), sql`${latestQualification(qualifications.companyName)} ilike ${text}`];
    const digits = q.keyword.replace(/[\s-]/g, '');
    if (/^\d{3,11}$/.test(digits)) match.push(like(members.mobile, `%${digits}%`));
    where.push(or(...match) as SQL);
  }
  if (q.status) where.push(eq(members.status, q.status));
  if (q.flagged !== undefined) where.push(eq(members.securityFlagged, q.flagged));
  if (q.kind === 'main') where.push(isNull(members.parentId));
  if (q.kind === 'sub') where.push(isNotNull(members.parentId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    rowQuery(db).where(cond).orderBy(desc(members.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(members).where(cond),
  ]);
  return { rows: rows.map(memberRow), total: total?.n ?? 0 };
}

export async function memberDetail(db: Db, id: number): Promise<MemberDetail> {
  const [r] = await rowQuery(db).where(eq(members.id, id));
  if (!r) throw new NotFound(MEMBER_MSG.missing);
  const [extra] = await db
    .select({
      featureCodes: members.featureCodes,
      companyInfoVisible: members.companyInfoVisible,
      dormant: sql<boolean>`${members.parentId} is null and ${lastSeen} < ${dormantSince()}`,
    })
    .from(members)
    .where(eq(members.id, id));
  const ownerId = r.parentId ?? r.id;
  const [qualification, balanceFen, [bought], [subs]] = await Promise.all([
    currentQualification(db, ownerId),
    balanceOf(db, ownerId),
    db.select({ n: count() }).from(purchases).where(eq(purchases.memberId, id)),
    db.select({ n: count() }).from(members).where(eq(members.parentId, id)),
  ]);
  const row = memberRow(r);
  const stored = extra?.featureCodes ?? null;
  // The menu rule itself, less the menus every account has: what this account is granted now.
  // (A sub-account's is bounded by its main account's: Decision 219.)
  const [parent] = r.parentId
    ? await db.select({ featureCodes: members.featureCodes, parentId: members.parentId }).from(members).where(eq(members.id, r.parentId))
    : [null];
  const effective = featureCodes(
    { featureCodes: stored, parentId: r.parentId, companyInfoVisible: extra?.companyInfoVisible ?? false, loginName: r.loginName },
    { specialUsers: new Set() },
    parent,
  ).filter((c) => GRANTABLE_FEATURES.includes(c));
  return {
    ...row,
    featureCodes: stored,
    effectiveFeatures: effective,
    qualificationLabel: QUALIFICATION_LABEL[row.qualificationStatus] ?? row.qualificationStatus,
    creditCode: qualification?.creditCode ?? '',
    balanceFen,
    purchases: bought?.n ?? 0,
    subAccounts: subs?.n ?? 0,
    dormant: extra?.dormant === true,
  };
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

export type MemberRef = { id: number } | { loginName: string };
const refWhere = (ref: MemberRef) => ('id' in ref ? eq(members.id, ref.id) : eq(members.loginName, ref.loginName));

async function lockMember(tx: Db, ref: MemberRef) {
  const [row] = await tx
    .select({
      id: members.id,
      loginName: members.loginName,
      mobile: members.mobile,
      parentId: members.parentId,
      status: members.status,
      securityFlagged: members.securityFlagged,
      featureCodes: members.featureCodes,
      closureMarkedAt: members.closureMarkedAt,
      dormant: sql<boolean>`${lastSeen} < ${dormantSince()}`,
    })
    .from(members)
    .where(refWhere(ref))
    .for('update');
  if (!row) throw new NotFound(MEMBER_MSG.missing);
  return row;
}

export interface Change {
  id: number;
  loginName: string;
  changed: boolean;
  message: string;
}

/** The stored codes (null: the defaults of the account's kind), for `features <登录名>`. */
export async function memberFeatureCodes(db: Db, ref: MemberRef): Promise<{ id: number; loginName: string; codes: number[] | null }> {
  const [row] = await db.select({ id: members.id, loginName: members.loginName, codes: members.featureCodes }).from(members).where(refWhere(ref));
  if (!row) throw new NotFound(MEMBER_MSG.missing);
  return row;
}

const sameCodes = (a: number[] | null, b: number[] | null) => (a === null || b === null ? a === b : a.length === b.length && a.every((c, i) => c === b[i]));

/**
 * Grants feature codes (already checked against GRANTABLE_FEATURES by MemberFeatureCodes), or
 * null for the defaults. The console and the command line both come here.
 */
export async function setMemberFeatures(db: Db, actor: Actor, ref: MemberRef, codes: number[] | null): Promise<Change & { codes: number[] | null }> {
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, ref);
    const before = m.featureCodes ? [...m.featureCodes].sort((a, b) => a - b) : null;
    if (sameCodes(before, codes)) return { id: m.id, loginName: m.loginName, changed: false, message: MEMBER_MSG.featuresSame, codes };
    await tx.update(members).set({ featureCodes: codes }).where(eq(members.id, m.id));
    await recordAudit(tx, actor, {
      action: 'member.features',
      targetType: 'member',
      targetId: m.id,
      before: { featureCodes: m.featureCodes },
      after: { featureCodes: codes },
    });
    // The customer learns why their menu changed.
    const names = (codes ?? []).map((c) => GRANTABLE_FEATURE_OPTIONS.find((o) => o.code === c)?.label ?? `功能 ${c}`);
    await sendMessage(tx, m.id, {
      kind: 'account',
      title: '用户中心功能已更新',
      body:
        codes === null
          ? '平台已将您账号的用户中心功能恢复为默认设置。'
          : names.length > 0
            ? `平台已为您的账号开通以下用户中心功能：${names.join('、')}。`
            : '平台已调整您账号的用户中心功能，目前只保留基础功能。如有疑问请联系客服。',
      link: '/userCenter',
    });
    return { id: m.id, loginName: m.loginName, changed: true, message: codes === null ? MEMBER_MSG.featuresDefault : MEMBER_MSG.featuresSaved, codes };
  });
}

/** Decision 17: a flagged account is asked for phone verification at every login. */
export async function setMemberFlag(db: Db, actor: Actor, { id, securityFlagged: flagged }: MemberFlagsInput): Promise<Change> {
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, { id });
    if (m.securityFlagged === flagged) return { id, loginName: m.loginName, changed: false, message: MEMBER_MSG.flagSame(flagged) };
    await tx.update(members).set({ securityFlagged: flagged }).where(eq(members.id, id));
    await recordAudit(tx, actor, {
      action: flagged ? 'member.flag' : 'member.unflag',
      targetType: 'member',
      targetId: id,
      before: { securityFlagged: m.securityFlagged },
      after: { securityFlagged: flagged },
    });
    return { id, loginName: m.loginName, changed: true, message: flagged ? MEMBER_MSG.flagOn : MEMBER_MSG.flagOff };
  });
}

/** Disabling ends every session of the account at once; its next login answers ALL_0021. */
/**
 * Disabling ends the account's sessions and its sub-accounts' (their sessions stop at once; their
 * logins are refused while the main account is disabled), and its keys answer SYSTEM_005 from
 * the gateway, which forgets what it knew of them here and within its cache time elsewhere.
 */
export async function setMemberStatus(db: Db, actor: Actor, { id, status }: MemberStatusInput): Promise<Change> {
  const change = await db.transaction(async (tx) => {
    const m = await lockMember(tx, { id });
    if (m.status === status) return { id, loginName: m.loginName, changed: false, message: MEMBER_MSG.statusSame(MEMBER_STATUS_LABEL[status]) };
    await tx.update(members).set({ status }).where(eq(members.id, id));
    if (status === 'disabled') {
      await revokeAllSessions(tx, id);
      const children = await tx.select({ id: members.id }).from(members).where(eq(members.parentId, id));
      for (const child of children) await revokeAllSessions(tx, child.id);
    }
    await recordAudit(tx, actor, {
      action: status === 'disabled' ? 'member.disable' : 'member.enable',
      targetType: 'member',
      targetId: id,
      before: { status: m.status },
      after: { status },
    });
    return { id, loginName: m.loginName, changed: true, message: status === 'disabled' ? MEMBER_MSG.disabled : MEMBER_MSG.enabled };
  });
  if (change.changed) forget('purchases');
  return change;
}

// ── Dormant accounts (Decision 9) ───────────────────────────────────────────────────────────

export async function listDormant(db: Db, q: DormantListPage): Promise<{ rows: DormantRow[]; total: number }> {
  const cond = q.marked ? and(isNull(members.parentId), isNotNull(members.closureMarkedAt)) : dormantAccounts();
  const order = q.marked ? [desc(members.closureMarkedAt), desc(members.id)] : [asc(lastSeen), asc(members.id)];
  const accounts = db
    .select({
      id: members.id,
      loginName: members.loginName,
      mobile: members.mobile,
      companyName: latestQualification(qualifications.companyName),
      createdAt: members.createdAt,
      lastLoginAt: members.lastLoginAt,
      idleDays: sql<number>`floor(extract(epoch from now() - ${lastSeen}) / 86400)::int`,
      closureMarkedAt: members.closureMarkedAt,
    })
    .from(members)
    .where(cond)
    .orderBy(...order);
  const { rows, total } = await paged(accounts.$dynamic(), db.$count(members, cond), q);
  return {
    rows: rows.map((r) => ({
      ...r,
      mobile: maskPhone(r.mobile),
      companyName: r.companyName ?? '',
      createdAt: r.createdAt.toISOString(),
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
      idleDays: Number(r.idleDays),
      closureMarkedAt: r.closureMarkedAt?.toISOString() ?? null,
    })),
    total,
  };
}

/**
 * Marks a dormant main account for closure and tells its owner in 消息中心 and by SMS. Nothing
 * is deleted. A second mark changes nothing and sends nothing.
 */
export async function markClosure(db: Db, notifier: Notifier, actor: Actor, id: number): Promise<Change> {
  const done = await db.transaction(async (tx) => {
    const m = await lockMember(tx, { id });
    if (m.parentId !== null) throw new Invalid(MEMBER_MSG.closureSub);
    if (m.closureMarkedAt) return { m, changed: false };
    if (!m.dormant) throw new Invalid(MEMBER_MSG.closureNotDormant);
    const at = new Date();
    await tx.update(members).set({ closureMarkedAt: at }).where(eq(members.id, id));
    await sendMessage(tx, id, { kind: 'account', title: CLOSURE_NOTICE.title, body: CLOSURE_NOTICE.body(m.loginName), link: '/userCenter' });
    await recordAudit(tx, actor, {
      action: 'member.markClosure',
      targetType: 'member',
      targetId: id,
      before: { closureMarkedAt: null },
      after: { closureMarkedAt: at.toISOString() },
    });
    return { m, changed: true };
  });
  // After the commit: the SMS goes through the outbox, which is not part of the transaction.
  if (done.changed && done.m.mobile) {
    await notifier.send({
      channel: 'sms',
      to: done.m.mobile,
      body: CLOSURE_NOTICE.sms(done.m.loginName),
      template: { kind: 'closure', params: { name: done.m.loginName } },
    });
  }
  return { id, loginName: done.m.loginName, changed: done.changed, message: done.changed ? MEMBER_MSG.closureMarked : MEMBER_MSG.closureSame };
}

export async function unmarkClosure(db: Db, actor: Actor, id: number): Promise<Change> {
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, { id });
    if (!m.closureMarkedAt) return { id, loginName: m.loginName, changed: false, message: MEMBER_MSG.closureNotMarked };
    await tx.update(members).set({ closureMarkedAt: null }).where(eq(members.id, id));
    await recordAudit(tx, actor, {
      action: 'member.unmarkClosure',
      targetType: 'member',
      targetId: id,
      before: { closureMarkedAt: m.closureMarkedAt.toISOString() },
      after: { closureMarkedAt: null },
    });
    return { id, loginName: m.loginName, changed: true, message: MEMBER_MSG.closureUnmarked };
  });
}
