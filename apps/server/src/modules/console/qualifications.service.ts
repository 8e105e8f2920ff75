// The console's enterprise authentication queue (area `qualifications`): the list with counts
// per status, the detail a reviewer reads before deciding (its whole contact phone, so opening it
// is audited), the licence image, and the audited decision. `npm run console -- qualification`
// decides through decideQualificationAs too.
import {
  QUALIFICATION_QUEUE,
  QUALIFICATION_QUEUE_LABEL,
  type QualificationDetail,
  type QualificationQueueQuery,
  type QualificationQueueRow,
  type QualificationQueueStatus,
  type QueuePage,
  type ReviewDecisionInput,
} from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, qualifications } from '../../db/schema';
import { NotFound } from '../../http/errors';
import type { FileStore } from '../../storage';
import { type Decision, decideQualification } from '../qualification/qualification.service';
import { forget } from '../../memo';
import { recordAudit } from './audit.service';
import type { Actor } from './operators.service';
import { decideAudited, iso, listQueue, otherRequests, type QueueDef, queueRow, queueStatus } from './queue';

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

const QUEUE: QueueDef<QualificationQueueStatus, ReturnType<typeof qualificationQuery>, QualificationQueueRow> = {
  statuses: QUALIFICATION_QUEUE,
  waiting: 'pending',
  columns: qualifications,
  keyword: [qualifications.companyName, members.loginName, qualifications.creditCode],
  missing: '企业认证申请不存在',
  query: qualificationQuery,
  view: (r) => {
    const status = queueStatus(QUALIFICATION_QUEUE, r.status);
    return { ...r, status, statusLabel: QUALIFICATION_QUEUE_LABEL[status], decidedAt: iso(r.decidedAt), createdAt: r.createdAt.toISOString() };
  },
};

export function listQualifications(db: Db, q: QualificationQueueQuery): Promise<QueuePage<QualificationQueueRow, QualificationQueueStatus>> {
  return listQueue(db, QUEUE, q);
}

export function qualificationRow(db: Db, id: number): Promise<QualificationQueueRow> {
  return queueRow(db, QUEUE, id);
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
  if (!row || !contact) throw new NotFound(QUEUE.missing);
  const [current, history] = await Promise.all([qualificationRow(db, id), otherRequests(db, QUEUE, row.memberId, id, HISTORY_LIMIT)]);
  await recordAudit(db, actor, { action: 'qualification.view', targetType: 'qualification', targetId: id });
  return {
    ...current,
    licenceUrl: row.licencePath ? `/apiHome/console/qualifications/licence/${id}` : '',
    // Until the member saves a business contact, the registration contact and login phone stand in.
    contacts: { contacter: contact.contacter, contactMobile: contact.contactMobile || contact.mobile, email: contact.email, position: contact.position },
    history: history.map(QUEUE.view),
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
  const decided = await decideAudited(
    db,
    actor,
    { action: `qualification.${d.decision}`, targetType: 'qualification' },
    (tx, operator) => decideQualification(tx, { ...d, operator }),
    ({ row }) => ({
      before: { status: 'pending' },
      after: d.decision === 'approve' ? { status: row.status } : { status: row.status, reason: row.reason },
    }),
  );

  // Enterprise-only interfaces open (or close) for the company and its sub-accounts at once.
  if (decided.changed) forget('qualification');
  return decided;
}

/** The queue's decision: decided as above, answered as the queue's row. */
export async function decideQualificationInQueue(db: Db, actor: Actor, input: ReviewDecisionInput): Promise<{ row: QualificationQueueRow; changed: boolean }> {
  const { changed } = await decideQualificationAs(db, actor, { application: { id: input.id }, decision: input.decision, reason: input.reason });
  return { row: await qualificationRow(db, input.id), changed };
}
