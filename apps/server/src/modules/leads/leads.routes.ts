// Lead capture calls of spec 01 §7.2: the trial dialog (type 0, JSON), the data-asset
// consultation (type 1), the quote form, and first-party page views. Thin: parse (the privacy
// consent first: no lead without it), check the caps, spend the SMS code, store.
import path from 'node:path';
import { FEE_ATTACHMENT, FeeEmailInput, LeadConsent, LeadSource, LeadType0Input, LeadType1Input, PageViewInput, parseId, QuoteInput } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { AppError, Invalid } from '../../http/errors';
import { parseInput } from '../../http/parse';
import type { Notifier } from '../../notify';
import { type FileStore, fileTypeOf, newFileKey } from '../../storage';
import { verifySmsCode } from '../identity/sms.service';
import { captureLead, checkLeadLimits, countPageView, LEAD_MSG, type LeadCtx } from './leads.service';

export async function leadsRoutes(
  app: FastifyInstance,
  { config, db, notifier, files }: { config: Config; db: Db; notifier: Notifier; files: FileStore },
) {
  const ctxOf = (request: FastifyRequest): LeadCtx => ({
    db,
    notifier,
    salesEmail: config.sales.email,
    files,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    touristToken: request.touristToken,
  });
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  /** PIPL art. 14: the visitor's own tick, checked here whatever the page did; answers when. */
  const consentOf = (request: FastifyRequest) => {
    parseInput(LeadConsent, fields(request) ?? {});
    return new Date();
  };
  const sourceOf = (request: FastifyRequest) =>
    parseInput(LeadSource, { ...(fields(request) as object), referrer: (fields(request) as { referrer?: unknown })?.referrer ?? request.headers.referer });

  // Type 0 (free trial): phone + the SMS code from api/sms/send.
  app.post('/api/leaveCustomerInfo/send', async (request) => {
    const input = parseInput(LeadType0Input, fields(request));
    const consentedAt = consentOf(request);
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phone);
    await verifySmsCode(db, { phone: input.phone, purpose: 'general', code: input.smsCode });
    await captureLead({
      ctx,
      input: { kind: 'trial', phone: input.phone, userName: input.userName, interfaceName: input.interfaceName, source: sourceOf(request), consentedAt },
    });
    return ok(null, LEAD_MSG.trial(config.sales.trialCallsText));
  });

  // Type 1 (consultation: data-asset accounting, or what the page it came from is about): the
  // contact method is the phone the code went to.
  app.post('/api/sms/custom/emailSend', async (request) => {
    const input = parseInput(LeadType1Input, fields(request));
    const consentedAt = consentOf(request);
    const source = sourceOf(request);
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.contactMethod);
    await verifySmsCode(db, { phone: input.contactMethod, purpose: 'general', code: input.code });
    await captureLead({
      ctx,
      input: { kind: 'consult', phone: input.contactMethod, userName: input.contactName, companyName: input.companyName, source, consentedAt },
    });
    return ok(null, LEAD_MSG.consult(source.sourcePath));
  });

  // The quote form (face-recognition landing): no SMS step, so the caps are its only guard.
  app.post('/api/leaveCustomerInfo/sendCustomerInfoEmail', async (request) => {
    const input = parseInput(QuoteInput, fields(request));
    const consentedAt = consentOf(request);
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phoneNumber);
    await captureLead({ ctx, input: { kind: 'quote', phone: input.phoneNumber, userName: input.userName, source: sourceOf(request), consentedAt } });
    return ok(null, LEAD_MSG.quote);
  });

  // A customer's document for a quotation (multipart; the conventions ride in the query string).
  app.post('/api/fee/sendEmail', async (request) => {
    if (!request.isMultipart()) throw new AppError('ALL_0007');
    const file = await request.file();
    if (!file) throw new Invalid(ATTACHMENT_MSG.missing);
    const formFields = Object.fromEntries(
      Object.values(file.fields).flatMap((f) => (f && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, String(f.value)]] : [])),
    );
    const input = parseInput(FeeEmailInput, formFields);
    parseInput(LeadConsent, formFields);
    const consentedAt = new Date();
    const name = safeFileName(file.filename);
    const extension = path.extname(name).slice(1).toLowerCase();
    if (!(FEE_ATTACHMENT.extensions as readonly string[]).includes(extension)) throw new Invalid(ATTACHMENT_MSG.type);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch {
      throw new AppError('ALL_0006', ATTACHMENT_MSG.size);
    }
    if (looksExecutable(content)) throw new Invalid(ATTACHMENT_MSG.type);
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phone);
    const interfaceId = parseId(input.interfaceId);
    await captureLead({
      ctx,
      input: {
        kind: 'document',
        phone: input.phone,
        userName: input.contactName,
        companyName: input.companyName,
        interfaceName: interfaceId ? `接口 ${interfaceId}` : '',
        source: sourceOf(request),
        consentedAt,
        // In the file store, so whichever API process mails it (now, or a retry) can read it.
        attach: async (leadId) => {
          const key = newFileKey('lead-attachment', leadId, extension);
          await files.put(key, content, { contentType: fileTypeOf(extension), kind: 'lead-attachment', ownerId: leadId });
          return { name, key };
        },
      },
    });
    return ok(null, LEAD_MSG.document);
  });

  // Decision 5: first-party page views, per path and day, nothing personal.
  app.post('/api/pv', async (request) => {
    await countPageView(db, parseInput(PageViewInput, fields(request)).path);
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
