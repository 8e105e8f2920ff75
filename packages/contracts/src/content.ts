// The public site's content that the web and the server must agree on: the news types and
// the data-compliance audit form (its industries, rules and Chinese messages).
import { z } from 'zod';
import { INDUSTRIES } from './constants';
import { CompanyName, ContactName, LeadPhone } from './validation';

/** News types in the order the /news tabs show them (spec 01 §2.6: /news?type=1|2|3). */
export const NEWS_TYPES = [
  { type: 1, typeName: '行业资讯' },
  { type: 2, typeName: '公司新闻' },
  { type: 3, typeName: '领导视察' },
] as const;

/** The name of a news type, '' for a type the table does not know. */
export function newsTypeName(type: number): string {
  return NEWS_TYPES.find((t) => t.type === type)?.typeName ?? '';
}

/** The audit form offers the five solution industries and a catch-all for everyone else. */
export const AUDIT_INDUSTRIES = [...INDUSTRIES, '其他'] as const;
export type AuditIndustry = (typeof AUDIT_INDUSTRIES)[number];

export const AUDIT_CONTENT_MAX_LENGTH = 500;

export const AUDIT_MSG = {
  industry: '请选择所属行业',
  contentTooLong: `需求描述不能超过${AUDIT_CONTENT_MAX_LENGTH}个字`,
  committed: '提交成功，我们的数据合规顾问将在1个工作日内与您联系',
  throttled: '提交过于频繁，请稍后再试',
} as const;

// Trimmed before the enum so a select's stray whitespace still matches; anything else (missing,
// empty, not in the list) reads as "choose one", which is what the select asks.
const Industry = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.enum(AUDIT_INDUSTRIES, { error: AUDIT_MSG.industry }));

export const AuditCommitInput = z.object({
  companyName: CompanyName,
  contactName: ContactName,
  phone: LeadPhone,
  industry: Industry,
  content: z.string({ error: AUDIT_MSG.contentTooLong }).trim().max(AUDIT_CONTENT_MAX_LENGTH, AUDIT_MSG.contentTooLong).optional(),
});
export type AuditCommitInput = z.infer<typeof AuditCommitInput>;
