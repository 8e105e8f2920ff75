// Where a lead came from: the page, the referrer and the campaign tags, sent beside every lead
// form's own fields. Over-long values are cut, not refused: a lead is never lost over its source.
import { z } from 'zod';
import { LEAD_CONSENT_MSG } from './lead-words';
import { CompanyName, ContactName, Email, LeadPhone } from './validation';

const cut = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, max) : ''), z.string());

export const LeadSource = z.object({
  sourcePath: cut(200),
  referrer: cut(500),
  utm_source: cut(100),
  utm_medium: cut(100),
  utm_campaign: cut(100),
  utm_term: cut(100),
  utm_content: cut(100),
});
export type LeadSource = z.infer<typeof LeadSource>;

/**
 * PIPL art. 14: every lead form carries the visitor's own tick under the privacy notice, and the
 * server refuses a lead without it (the page is not trusted). Forms send `true`; a form-encoded
 * body sends the string.
 */
export const LeadConsent = z.object({
  consent: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1 || v === 'on', z.literal(true, { error: LEAD_CONSENT_MSG })),
});
export type LeadConsent = z.infer<typeof LeadConsent>;

/** First-party page view (Decision 5): a site path, without its query string. */
export const PageViewInput = z.object({
  path: z
    .string({ error: '缺少页面路径' })
    .trim()
    // A path of this site: "//host" and "/\\host" would be another site's address.
    .regex(/^\/(?![/\\])[^\s#]{0,299}$/, '页面路径无效')
    .transform((p) => p.split('?')[0] ?? p),
});
export type PageViewInput = z.infer<typeof PageViewInput>;

/** api/fee/sendEmail: a customer's document for a quotation, with who to answer. */
export const FEE_ATTACHMENT = {
  maxBytes: 10 * 1024 * 1024,
  extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'png', 'jpg', 'jpeg', 'zip'],
} as const;

export const FeeEmailInput = z.object({
  companyName: CompanyName,
  contactName: ContactName,
  phone: LeadPhone,
  email: z.preprocess((v) => (v === '' ? undefined : v), Email.optional()),
  remark: z.string().trim().max(500, '需求说明不能超过500个字').optional(),
  interfaceId: z.string().trim().max(10).optional(),
});
export type FeeEmailInput = z.infer<typeof FeeEmailInput>;
