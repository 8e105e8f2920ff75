// Lead capture calls of spec 01 §7.2 (declared in contracts' leadsApi): the trial dialog (type
// 0, JSON), the consultation (type 1), the quote form, a document for a quotation, and
// first-party page views. Thin: the declared input holds the privacy consent (no lead without
// it); check the caps, spend the SMS code, store.
import path from 'node:path';
import { FEE_ATTACHMENT, LeadSource, leadsApi, parseId } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { ok } from '../../http/envelope';
import { Invalid } from '../../http/errors';
import { parseInput } from '../../http/parse';
import { readUpload } from '../../http/upload';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import { type FileStore, fileTypeOf, newFileKey } from '../../storage';
import { verifySmsCode } from '../identity/sms.service';
import { captureLead, checkLeadLimits, countPageView, LEAD_MSG, type LeadCtx } from './leads.service';

export async function leadsRoutes(app: FastifyInstance, deps: RouteDeps & { config: Config; notifier: Notifier; files: FileStore }) {
  const route = routes(app, deps);
  const { config, db, notifier, files } = deps;
  const ctxOf = (request: FastifyRequest): LeadCtx => ({
    db,
    notifier,
    salesEmail: config.sales.email,
    files,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    touristToken: request.touristToken,
  });
  /** Where the lead came from, as the page sent it; a referrer it left out is the Referer header. */
  const sourceOf = (sent: unknown, request: FastifyRequest) => {
    const fields = sent !== null && typeof sent === 'object' ? sent : {};
    const referrer = 'referrer' in fields ? fields.referrer : undefined;
    return parseInput(LeadSource, { ...fields, referrer: referrer ?? request.headers.referer });
  };

  // Type 0 (free trial): phone + the SMS code from api/sms/send.
  route(leadsApi.trial, async ({ input, request }) => {
    const consentedAt = new Date();
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phone);
    await verifySmsCode(db, { phone: input.phone, purpose: 'general', code: input.smsCode });
    await captureLead(ctx, {
      kind: 'trial',
      phone: input.phone,
      userName: input.userName,
      interfaceName: input.interfaceName,
      source: sourceOf(input, request),
      consentedAt,
    });
    return ok(null, LEAD_MSG.trial(config.sales.trialCallsText));
  });

  // Type 1 (consultation: data-asset accounting, or what the page it came from is about): the
  // contact method is the phone the code went to.
  route(leadsApi.consult, async ({ input, request }) => {
    const consentedAt = new Date();
    const source = sourceOf(input, request);
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.contactMethod);
    await verifySmsCode(db, { phone: input.contactMethod, purpose: 'general', code: input.code });
    await captureLead(ctx, { kind: 'consult', phone: input.contactMethod, userName: input.contactName, companyName: input.companyName, source, consentedAt });
    return ok(null, LEAD_MSG.consult(source.sourcePath));
  });

  // The quote form (face-recognition landing): no SMS step, so the caps are its only guard.
  route(leadsApi.quote, async ({ input, request }) => {
    const consentedAt = new Date();
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phoneNumber);
    await captureLead(ctx, { kind: 'quote', phone: input.phoneNumber, userName: input.userName, source: sourceOf(input, request), consentedAt });
    return ok(null, LEAD_MSG.quote);
  });

  // A customer's document for a quotation (multipart; the conventions, and where the visitor
  // came from, ride in the query string).
  route(leadsApi.document, async ({ request }) => {
    const { input, name, extension, content } = await readUpload(request, leadsApi.document.input, { ...FEE_ATTACHMENT, name: safeFileName }, ATTACHMENT_MSG);
    const consentedAt = new Date();
    if (looksExecutable(content)) throw new Invalid(ATTACHMENT_MSG.type);
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phone);
    const interfaceId = parseId(input.interfaceId);
    await captureLead(ctx, {
      kind: 'document',
      phone: input.phone,
      userName: input.contactName,
      companyName: input.companyName,
      interfaceName: interfaceId ? `接口 ${interfaceId}` : '',
      source: sourceOf(request.query, request),
      consentedAt,
      // In the file store, so whichever API process mails it (now, or a retry) can read it.
      attach: async (leadId) => {
        const key = newFileKey('lead-attachment', leadId, extension);
        await files.put(key, content, { contentType: fileTypeOf(extension), kind: 'lead-attachment', ownerId: leadId });
        return { name, key };
      },
    });
    return ok(null, LEAD_MSG.document);
  });

  // Decision 5: first-party page views, per path and day, nothing personal.
  route(leadsApi.pageView, async ({ input }) => {
    await countPageView(db, input.path);
    return ok(null);
  });
}

const ATTACHMENT_MSG = {
  missing: '请上传附件',
  type: '仅支持 PDF、Word、Excel、图片或 ZIP 格式的附件',
  size: '附件不能超过10MB',
} as const;

/** The base name only, without path tricks or control characters, at most 100 characters. */
function safeFileName(name: string): string {
  const base = [...path.basename(name.replaceAll('\\', '/'))].map((c) => (c.charCodeAt(0) < 32 || '<>:"|?*'.includes(c) ? '_' : c)).join('');
  return (base || 'attachment').slice(-100);
}

/** Windows (MZ), ELF and Mach-O programs, whatever their name says. */
function looksExecutable(b: Buffer): boolean {
  const head = b.subarray(0, 4).toString('hex');
  return head.startsWith('4d5a') || head === '7f454c46' || ['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe'].includes(head);
}
