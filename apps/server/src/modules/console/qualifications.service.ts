// The console's enterprise authentication queue (area `qualifications`): the list with counts
// per status, the detail a reviewer reads before deciding (its whole contact phone, so opening it
// is audited), the licence image, and the audited decision. `npm run console -- qualification`
// decides through decideQualificationAs too.
import {
  pageOffset,
  QUALIFICATION_QUEUE,
  QUALIFICATION_QUEUE_LABEL,
  type QualificationDetail,
  type QualificationQueueQuery,
  type QualificationQueueRow,
  type QualificationQueueStatus,
  type QueuePage,
  type ReviewDecisionInput,
} from '@apimarket/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, qualifications } from '../../db/schema';
import { NotFound } from '../../http/errors';
import type { FileStore } from '../../storage';
import { type Decision, decideQualification } from '../qualification/qualification.service';
import { forget } from '../../memo';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';
import { decidedBy, iso, keywordMatch, queueOrder, queueStatus, statusCounts } from './queue';

const HISTORY_LIMIT = 20;
const LICENCE_MISSING = '营业执照图片不存在';

function qualificationQuery(db: Db) {
  return db
    .select({
      id: qualifications.id,
      memberId: qualifications.memberId,
      loginName: members.loginName,
      companyName: qualifications.companyName,
      creditCode: qualifications.creditCode,
      legalPerson: qualifications.legalPerson,
      status: qualifications.status,
      reason: qualifications.reason,
      decidedBy: qualifications.decidedBy,
      decidedAt: qualifications.decidedAt,
      createdAt: qualifications.createdAt,
    })
    .from(qualifications)
    .innerJoin(members, eq(members.id, qualifications.memberId))
    .$dynamic();
}

type QualificationSelect = Awaited<ReturnType<ReturnType<typeof qualificationQuery>['execute']>>[number];

function qualificationView(r: QualificationSelect): QualificationQueueRow {
  const status = queueStatus(QUALIFICATION_QUEUE, r.status);
  return { ...r, status, statusLabel: QUALIFICATION_QUEUE_LABEL[status], decidedAt: iso(r.decidedAt), createdAt: r.createdAt.toISOString() };
}

export async function listQualifications(db: Db, q: QualificationQueueQuery): Promise<QueuePage<QualificationQueueRow, QualificationQueueStatus>> {
  const match = keywordMatch(q.keyword, [qualifications.companyName, members.loginName, qualifications.creditCode]);
  const where = and(match, q.status === 'all' ? undefined : eq(qualifications.status, q.status));
  const [rows, grouped] = await Promise.all([
    qualificationQuery(db)
      .where(where)
      .orderBy(...queueOrder(q.status, qualifications.status, 'pending', qualifications.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db
      .select({ status: qualifications.status, n: count() })
      .from(qualifications)
      .innerJoin(members, eq(members.id, qualifications.memberId))
      .where(match)
      .groupBy(qualifications.status),
  ]);
  const counts = statusCounts(QUALIFICATION_QUEUE, grouped);
  return { rows: rows.map(qualificationView), total: counts[q.status], counts };
}

export async function qualificationRow(db: Db, id: number): Promise<QualificationQueueRow> {
  const [row] = await qualificationQuery(db).where(eq(qualifications.id, id));
  if (!row) throw new NotFound('企业认证申请不存在');
  return qualificationView(row);
}

/** The application with its contact and the member's other applications; showing the whole phone is audited, as a lead's is. */
export async function qualificationDetail(db: Db, actor: Actor, { id }: { id: number }): Promise<QualificationDetail> {
  const [[row], [contact]] = await Promise.all([
    db.select({ licencePath: qualifications.licencePath, memberId: qualifications.memberId }).from(qualifications).where(eq(qualifications.id, id)),
    db
      .select({
        contacter: members.contacter,
        contactMobile: members.contactMobile,
        mobile: members.mobile,
        email: members.contactEmail,
        position: members.position,
      })
      .from(members)
      .innerJoin(qualifications, eq(qualifications.memberId, members.id))
      .where(eq(qualifications.id, id)),
  ]);
  if (!row || !contact) throw new NotFound('企业认证申请不存在');
  const [current, history] = await Promise.all([
    qualificationRow(db, id),
    qualificationQuery(db)
      .where(and(eq(qualifications.memberId, row.memberId), ne(qualifications.id, id)))
      .orderBy(desc(qualifications.id))
      .limit(HISTORY_LIMIT),
  ]);
  await recordAudit(db, actor, { action: 'qualification.view', targetType: 'qualification', targetId: id });
  return {
    ...current,
    licenceUrl: row.licencePath ? `/apiHome/console/qualifications/licence/${id}` : '',
    // Until the member saves a business contact, the registration contact and login phone stand in.
    contacts: { contacter: contact.contacter, contactMobile: contact.contactMobile || contact.mobile, email: contact.email, position: contact.position },
    history: history.map(qualificationView),
  };
}

/** The licence image of an application, from the file store every API process reads (not this process's DATA_DIR). */
export async function licenceImage(db: Db, files: FileStore, { id }: { id: number }): Promise<{ bytes: Buffer; type: string }> {
  const [row] = await db.select({ path: qualifications.licencePath, type: qualifications.licenceType }).from(qualifications).where(eq(qualifications.id, id));
  if (!row?.path) throw new NotFound(LICENCE_MISSING);
  const image = await files.get(row.path);
  if (!image) throw new NotFound(LICENCE_MISSING);
  return { bytes: image.bytes, type: row.type };
}

export interface QualificationDecision {
  application: Decision['application'];
  decision: 'approve' | 'reject';
  reason: string;
}

/** decideQualification with its audit record, in one transaction; a repeated decision writes nothing. */
export async function decideQualificationAs(db: Db, actor: Actor, d: QualificationDecision) {
  const decided = await db.transaction(async (tx) => {
    const result = await decideQualification(tx, { ...d, operator: decidedBy(actor) });
    if (result.changed) {
      await recordAudit(tx, actor, {
        action: `qualification.${d.decision}`,
        targetType: 'qualification',
        targetId: result.row.id,
        before: { status: 'pending' },
        after: d.decision === 'approve' ? { status: result.row.status } : { status: result.row.status, reason: result.row.reason },
      });
    }
    return result;
  });
  // Enterprise-only interfaces open (or close) for the company and its sub-accounts at once.
  if (decided.changed) forget('qualification');
  return decided;
}

/** The queue's decision: decided as above, answered as the queue's row. */
export async function decideQualificationInQueue(db: Db, actor: Actor, input: ReviewDecisionInput): Promise<{ row: QualificationQueueRow; changed: boolean }> {
  const { changed } = await decideQualificationAs(db, actor, { application: { id: input.id }, decision: input.decision, reason: input.reason });
  return { row: await qualificationRow(db, input.id), changed };
}
