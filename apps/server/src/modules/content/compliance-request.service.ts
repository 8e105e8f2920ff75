// Data-compliance audit requests (/dataApi/audit): the industries the form offers and the
// request itself, stored for sales to call back and throttled per IP against form spam.
import { AUDIT_INDUSTRIES, AUDIT_MSG, type AuditCommitRequest } from '@apimarket/contracts';
import type { Db } from '../../db/client';
import { auditRequests } from '../../db/schema';
import { Throttled } from '../../http/errors';
import { hit } from '../throttle/throttle.service';

/** A real company asks once or twice; more than this from one address is a script. */
export const AUDIT_LIMIT = { count: 5, windowMs: 3_600_000 } as const;

export function auditIndustries(): string[] {
  return [...AUDIT_INDUSTRIES];
}

/**
 * Stores a request from the address `ip`, ticked just now (the schema refuses one without the
 * tick). Only requests that passed the form rules are counted, so a visitor who mistypes a phone
 * number does not use up their tries.
 */
export async function commitAudit(db: Db, ip: string, input: AuditCommitRequest): Promise<void> {
  if ((await hit(db, `audit:ip:${ip}`, AUDIT_LIMIT.windowMs)) > AUDIT_LIMIT.count) throw new Throttled(AUDIT_MSG.throttled);
  await db.insert(auditRequests).values({
    companyName: input.companyName,
    contactName: input.contactName,
    phone: input.phone,
    industry: input.industry,
    content: input.content ?? '',
    ip,
    consentedAt: new Date(),
  });
}
