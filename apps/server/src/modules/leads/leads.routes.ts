// Lead capture calls of spec 01 §7.2: the trial dialog (type 0, JSON), the data-asset
// consultation (type 1), the quote form, and first-party page views. Thin: parse, check the
// caps, spend the SMS code, store.
import { LeadSource, LeadType0Input, LeadType1Input, PageViewInput, QuoteInput } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import type { Notifier } from '../../notify';
import { verifySmsCode } from '../identity/sms.service';
import { captureLead, checkLeadLimits, countPageView, LEAD_MSG, type LeadCtx } from './leads.service';

export async function leadsRoutes(app: FastifyInstance, { config, db, notifier }: { config: Config; db: Db; notifier: Notifier }) {
  const ctxOf = (request: FastifyRequest): LeadCtx => ({
    db,
    notifier,
    salesEmail: config.sales.email,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    touristToken: request.touristToken,
  });
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const sourceOf = (request: FastifyRequest) =>
    parseInput(LeadSource, { ...(fields(request) as object), referrer: (fields(request) as { referrer?: unknown })?.referrer ?? request.headers.referer });

  // Type 0 (free trial): phone + the SMS code from api/sms/send.
  app.post('/api/leaveCustomerInfo/send', async (request) => {
    const input = parseInput(LeadType0Input, fields(request));
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phone);
    await verifySmsCode(db, { phone: input.phone, purpose: 'general', code: input.smsCode });
    await captureLead({
      ctx,
      input: { kind: 'trial', phone: input.phone, userName: input.userName, interfaceName: input.interfaceName, source: sourceOf(request) },
    });
    return ok(null, LEAD_MSG.trial(config.sales.trialCallsText));
  });

  // Type 1 (data-asset accounting consultation): the contact method is the phone the code went to.
  app.post('/api/sms/custom/emailSend', async (request) => {
    const input = parseInput(LeadType1Input, fields(request));
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.contactMethod);
    await verifySmsCode(db, { phone: input.contactMethod, purpose: 'general', code: input.code });
    await captureLead({
      ctx,
      input: { kind: 'consult', phone: input.contactMethod, userName: input.contactName, companyName: input.companyName, source: sourceOf(request) },
    });
    return ok(null, LEAD_MSG.consult);
  });

  // The quote form (face-recognition landing): no SMS step, so the caps are its only guard.
  app.post('/api/leaveCustomerInfo/sendCustomerInfoEmail', async (request) => {
    const input = parseInput(QuoteInput, fields(request));
    const ctx = ctxOf(request);
    await checkLeadLimits(ctx, input.phoneNumber);
    await captureLead({ ctx, input: { kind: 'quote', phone: input.phoneNumber, userName: input.userName, source: sourceOf(request) } });
    return ok(null, LEAD_MSG.quote);
  });

  // Decision 5: first-party page views, per path and day, nothing personal.
  app.post('/api/pv', async (request) => {
    await countPageView(db, parseInput(PageViewInput, fields(request)).path);
    return ok(null);
  });
}
