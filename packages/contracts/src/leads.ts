// The lead forms' calls (leadsApi) and what they share: where a lead came from (the page, the
// referrer and the campaign tags, sent beside every lead form's own fields; over-long values are
// cut, not refused: a lead is never lost over its source), the privacy tick, and page views.
import { z } from 'zod';
import { publicCall } from './declare';
import { PAGE_VIEW_ROUTE } from './page-view';
import { LEAD_CONSENT_MSG } from './lead-words';
import { CompanyName, ContactName, Email, LeadPhone, LeadType0Input, LeadType1Input, QuoteInput } from './validation';

// Left out, a field is '' (the default says so to a caller; the preprocess would make it so anyway).
const cut = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, max) : ''), z.string()).default('');

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

/**
 * What a lead form sends beside its own fields: the privacy tick and where the visitor came
 * from. A referrer left out (not sent at all) is the request's Referer header: the server reads
 * it there (LeadSource then cuts it like any other).
 */
export const LeadExtras = LeadConsent.extend(LeadSource.shape).extend({
  referrer: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 500) : undefined), z.string().optional()),
});
export type LeadExtras = z.infer<typeof LeadExtras>;

/** api/leaveCustomerInfo/send: the free-trial dialog (type 0). */
export const TrialLeadInput = LeadType0Input.extend(LeadExtras.shape);
export type TrialLeadInput = z.infer<typeof TrialLeadInput>;

/** api/sms/custom/emailSend: the consultation dialog (type 1). */
export const ConsultLeadInput = LeadType1Input.extend(LeadExtras.shape);
export type ConsultLeadInput = z.infer<typeof ConsultLeadInput>;

/** api/leaveCustomerInfo/sendCustomerInfoEmail: the face landing's quote form. */
export const QuoteLeadInput = QuoteInput.extend(LeadExtras.shape);
export type QuoteLeadInput = z.infer<typeof QuoteLeadInput>;

/** api/fee/sendEmail's form fields beside the file (where it came from rides in the query string). */
export const FeeEmailRequest = FeeEmailInput.extend(LeadConsent.shape);
export type FeeEmailRequest = z.infer<typeof FeeEmailRequest>;

/**
 * The lead calls of spec 01 §7.2. Anyone may leave a lead; none is taken without the privacy
 * tick, and per-IP and per-phone caps answer ALL_0012 once a form is being pumped. The dialogs
 * send JSON; the SMS code they carry is the one api/sms/send sent to that phone.
 */
export const leadsApi = {
  trial: publicCall({
    method: 'POST',
    path: '/api/leaveCustomerInfo/send',
    body: 'json',
    summary: '免费试用留资（手机号与短信验证码）',
    input: TrialLeadInput,
    answer: { data: z.null() },
  }),
  consult: publicCall({
    method: 'POST',
    path: '/api/sms/custom/emailSend',
    body: 'json',
    summary: '咨询留资（公司、联系人、手机号与短信验证码；成功文案随来源页面）',
    input: ConsultLeadInput,
    answer: { data: z.null() },
  }),
  quote: publicCall({
    method: 'POST',
    path: '/api/leaveCustomerInfo/sendCustomerInfoEmail',
    summary: '获取报价留资（人脸识别落地页，无短信步骤）',
    input: QuoteLeadInput,
    answer: { data: z.null() },
  }),
  document: publicCall({
    method: 'POST',
    path: '/api/fee/sendEmail',
    body: 'multipart',
    summary: '上传需求资料获取报价（一个附件，至多 10MB）',
    input: FeeEmailRequest,
    answer: { data: z.null() },
  }),
  pageView: publicCall({
    ...PAGE_VIEW_ROUTE,
    summary: '页面访问计数（只记路径与日期）',
    input: PageViewInput,
    answer: { data: z.null() },
  }),
};
