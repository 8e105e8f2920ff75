// Enterprise authentication (Decision 6): a main account submits its company (name, unified
// social credit code, legal representative, business licence image); an operator approves or
// rejects it with a reason; the customer may revoke it. none → pending → approved | rejected →
// revoked, and every change leaves a message in the customer's messages center. Sub-accounts
// act under their parent's authentication and never change it.
import {
  type ContactsInput,
  type LicenceImageInput,
  QUALIFICATION_LABEL,
  QUALIFICATION_MSG,
  type QualificationInput,
  type QualificationStatus,
  type QualificationView,
} from '@apimarket/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { members, qualifications } from '../../db/schema';
import { Conflict, DecidedMeanwhile, Forbidden, Invalid, NotFound } from '../../http/errors';
import { type FileStore, newFileKey } from '../../storage';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';

type Row = typeof qualifications.$inferSelect;

export const QUALIFICATION_CONFLICT = {
  pending: '企业认证正在审核中，请勿重复提交',
  approved: '企业已通过认证，如需变更请先撤销认证',
  taken: '该企业已由其他账号认证或正在审核中',
  notRevocable: '当前状态不能撤销',
  subAccount: '子账号的企业认证由主账号办理',
  notPending: '该申请已处理，不能再次审核',
} as const;

/** The newest application of an account, or null when it never applied. */
export async function currentQualification(db: Db, ownerId: number): Promise<Row | null> {
  const [row] = await db.select().from(qualifications).where(eq(qualifications.memberId, ownerId)).orderBy(desc(qualifications.id)).limit(1);
  return row ?? null;
}

function view(row: Row | null, editable: boolean): QualificationView {
  const status: QualificationStatus = (row?.status as QualificationStatus | undefined) ?? 'none';
  return {
    status,
    statusLabel: QUALIFICATION_LABEL[status],
    companyName: row?.companyName ?? '',
    creditCode: row?.creditCode ?? '',
    legalPerson: row?.legalPerson ?? '',
    licenceUrl: row?.licencePath ? `/apiHome/myAccount/licence/${row.id}` : '',
    reason: row?.reason ?? '',
    submittedAt: row?.createdAt.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
    editable,
  };
}

export async function qualificationOf(db: Db, account: Account): Promise<QualificationView> {
  return view(await currentQualification(db, account.companyOwnerId), !account.isSub);
}

/** Every application of the account, newest first (queryCompanyQualification). */
export async function qualificationHistory(db: Db, account: Account): Promise<QualificationView[]> {
  const rows = await db.select().from(qualifications).where(eq(qualifications.memberId, account.companyOwnerId)).orderBy(desc(qualifications.id)).limit(50);
  return rows.map((r) => view(r, false));
}

export interface LicenceUpload {
  content: Buffer;
  /** Lower-case extension without the dot, already checked against LICENCE_FILE. */
  extension: string;
}

/** PNG or JPEG by content, whatever the file name says. */
export function licenceMime(content: Buffer): 'image/png' | 'image/jpeg' | null {
  const head = content.subarray(0, 8).toString('hex');
  if (head === '89504e470d0a1a0a') return 'image/png';
  if (head.startsWith('ffd8ff')) return 'image/jpeg';
  return null;
}

export async function submitQualification(
  db: Db,
  files: FileStore,
  account: Account,
  input: QualificationInput,
  licence: LicenceUpload,
): Promise<QualificationView> {
  if (account.isSub) throw new Forbidden(QUALIFICATION_CONFLICT.subAccount);
  const mime = licenceMime(licence.content);
  if (!mime) throw new Invalid(QUALIFICATION_MSG.licenceType);
  const current = await currentQualification(db, account.memberId);
  if (current?.status === 'pending') throw new Conflict(QUALIFICATION_CONFLICT.pending);
  if (current?.status === 'approved') throw new Conflict(QUALIFICATION_CONFLICT.approved);

  const [taken] = await db
    .select({ id: qualifications.id })
    .from(qualifications)
    .where(and(eq(qualifications.creditCode, input.creditCode), inArray(qualifications.status, ['pending', 'approved'])))
    .limit(1);
  if (taken) throw new Conflict(QUALIFICATION_CONFLICT.taken);

  // The file first, in the store every API process reads: a row never points at a licence that
  // was not written.
  const key = newFileKey('licence', account.memberId, mime === 'image/png' ? 'png' : 'jpg');
  await files.put(key, licence.content, { contentType: mime, kind: 'licence', ownerId: account.memberId });

  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(qualifications)
        .values({
          memberId: account.memberId,
          status: 'pending',
          companyName: input.companyName,
          creditCode: input.creditCode,
          legalPerson: input.legalPerson,
          licencePath: key,
          licenceType: mime,
        })
        .returning();
      await sendMessage(tx, account.memberId, {
        kind: 'qualification',
        title: '企业认证已提交',
        body: `您提交的企业认证（${input.companyName}）已进入平台审核，审核结果将通过站内信通知您。`,
        link: '/userCenter/enterpriseAuth',
      });
      return inserted;
    });
    return view(row ?? null, true);
  } catch (err) {
    // No row names the image now: it goes, rather than stay as a stray copy of a licence.
    await files.delete(key).catch(() => undefined);
    // Two accounts racing for one company: the partial unique index lets only one through.
    if (isUniqueViolation(err)) throw new Conflict(QUALIFICATION_CONFLICT.taken);
    throw err;
  }
}

/** The customer withdraws a pending application or gives up an approved authentication. */
export async function revokeQualification(db: Db, account: Account): Promise<QualificationView> {
  if (account.isSub) throw new Forbidden(QUALIFICATION_CONFLICT.subAccount);
  const current = await currentQualification(db, account.memberId);
  if (!current || (current.status !== 'pending' && current.status !== 'approved')) {
    throw new Conflict(QUALIFICATION_CONFLICT.notRevocable);
  }
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(qualifications)
      .set({ status: 'revoked' })
      .where(and(eq(qualifications.id, current.id), eq(qualifications.status, current.status)))
      .returning();
    if (!updated) throw new Conflict();
    await sendMessage(tx, account.memberId, {
      kind: 'qualification',
      title: '企业认证已撤销',
      body: `您已撤销${current.companyName}的企业认证。需要使用平台服务时，请重新提交企业认证。`,
      link: '/userCenter/enterpriseAuth',
    });
    return updated;
  });
  return view(row, true);
}

export interface Decision {
  /** The application: by its id (the console), or the newest one of a login name (`npm run console`). */
  application: { id: number } | { loginName: string };
  decision: 'approve' | 'reject';
  reason?: string;
  /** Who decided: an operator's name, or `console` for the command line. */
  operator: string;
}

/**
 * An operator's decision on the pending application of an account. Idempotent: deciding the
 * same way again answers the stored outcome and sends nothing; a different decision on an
 * application already decided is refused.
 */
export async function decideQualification(db: Db, d: Decision): Promise<{ row: Row; changed: boolean }> {
  const reason = d.reason?.trim() ?? '';
  if (d.decision === 'reject' && !reason) throw new Invalid(QUALIFICATION_MSG.rejectReason);
  const current = await applicationOf(db, d.application);
  const target = d.decision === 'approve' ? 'approved' : 'rejected';
  if (current.status === target) return { row: current, changed: false };
  if (current.status !== 'pending') throw new Conflict(QUALIFICATION_CONFLICT.notPending);

  let row: Row;
  try {
    row = await decidePending(db, d, current, target, reason);
  } catch (err) {
    if (!(err instanceof DecidedMeanwhile)) throw err;
    const [now] = await db.select().from(qualifications).where(eq(qualifications.id, current.id));
    if (now?.status !== target) throw err;
    return { row: now, changed: false };
  }
  return { row, changed: true };
}

async function decidePending(db: Db, d: Decision, current: Row, target: 'approved' | 'rejected', reason: string): Promise<Row> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(qualifications)
      .set({ status: target, reason: target === 'rejected' ? reason.slice(0, 200) : '', decidedBy: d.operator, decidedAt: new Date() })
      .where(and(eq(qualifications.id, current.id), eq(qualifications.status, 'pending')))
      .returning();
    if (!updated) throw new DecidedMeanwhile(QUALIFICATION_CONFLICT.notPending);
    await sendMessage(
      tx,
      current.memberId,
      target === 'approved'
        ? {
            kind: 'qualification',
            title: '企业认证已通过',
            body: `恭喜，${current.companyName}已通过企业认证，用户中心的全部功能已为您开放。`,
            link: '/userCenter',
          }
        : {
            kind: 'qualification',
            title: '企业认证未通过',
            body: `很抱歉，${current.companyName}的企业认证未通过审核。\n原因：${reason}\n请按原因修改后重新提交。`,
            link: '/userCenter/enterpriseAuth',
          },
    );
    return updated;
  });
}

async function applicationOf(db: Db, application: Decision['application']): Promise<Row> {
  if ('id' in application) {
    const [row] = await db.select().from(qualifications).where(eq(qualifications.id, application.id));
    if (!row) throw new NotFound('企业认证申请不存在');
    return row;
  }
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.loginName, application.loginName));
  if (!member) throw new NotFound('账号不存在');
  const current = await currentQualification(db, member.id);
  if (!current) throw new NotFound('该账号没有企业认证申请');
  return current;
}

/** The licence image of an application the account may see (its own company's), from the file store. */
export async function licenceImage(db: Db, files: FileStore, account: Account, { id }: LicenceImageInput): Promise<{ bytes: Buffer; type: string }> {
  const [row] = await db
    .select({ memberId: qualifications.memberId, licencePath: qualifications.licencePath, licenceType: qualifications.licenceType })
    .from(qualifications)
    .where(eq(qualifications.id, id));
  if (!row || row.memberId !== account.companyOwnerId || !row.licencePath) throw new NotFound();
  const file = await files.get(row.licencePath);
  if (!file) throw new NotFound();
  return { bytes: file.bytes, type: row.licenceType };
}

// ── Business contact (queryContacts / postRepresent) ────────────────────────────────────────
export async function contactsOf(db: Db, account: Account): Promise<ContactsInput> {
  const [m] = await db
    .select({
      contacter: members.contacter,
      contactMobile: members.contactMobile,
      contactEmail: members.contactEmail,
      position: members.position,
      mobile: members.mobile,
    })
    .from(members)
    .where(eq(members.id, account.companyOwnerId));
  if (!m) throw new NotFound();
  // Until a contact is saved, the registration contact and login phone stand in.
  return { contacter: m.contacter, contactMobile: m.contactMobile || m.mobile, email: m.contactEmail || undefined, position: m.position || undefined };
}

export async function saveContacts(db: Db, account: Account, input: ContactsInput): Promise<void> {
  if (account.isSub) throw new Forbidden(QUALIFICATION_CONFLICT.subAccount);
  await db
    .update(members)
    .set({ contacter: input.contacter, contactMobile: input.contactMobile, contactEmail: input.email ?? '', position: input.position ?? '' })
    .where(eq(members.id, account.memberId));
}
