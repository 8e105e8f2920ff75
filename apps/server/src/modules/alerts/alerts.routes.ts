// The usage-alert calls of spec 02 §7 (issue #9): balance (UserCenter/Get|SaveMyAccountAlert; on/off
// is SaveMyAccountAlert's status — editMyAccountAlertStatus marks messages read, account module),
// remaining calls (myBuy/*earlywarn*), calls per day (myBuy/*DayInvokerAlarm*), error rate and
// contacts (myWarn/*), plus the history of firings. Logged in with the company authenticated;
// each call reads and writes the caller's own rules and contacts only (alerts.service.ts).
// Saving a rule judges the account before the answer, so a threshold already crossed shows as
// 已触发 with its record in the same read (the SMS and e-mail follow the answer).
import {
  ALERT_MSG,
  AddContactInput,
  AlertIdInput,
  AlertStatusInput,
  BalanceAlertInput,
  COOKIE,
  ContactIdInput,
  ContactListInput,
  DailyAlertInput,
  ErrorRateAlertInput,
  PageQuery,
  RemainingAlertInput,
  SendContactCodeInput,
  VerifyContactInput,
  WarnErrcodeInput,
} from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import type { Notifier } from '../../notify';
import { requireQualified } from '../account/access';
import { consumeCaptcha } from '../identity/captcha.service';
import { SMS_MSG } from '../identity/sms.service';
import type { AlertEngine } from './alerts.engine';
import * as alerts from './alerts.service';

export async function alertsRoutes(app: FastifyInstance, { db, notifier, engine }: { db: Db; notifier: Notifier; engine: AlertEngine }) {
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  const caller = (request: FastifyRequest) => requireQualified(request, db);
  const statusMsg = (enabled: boolean) => (enabled ? ALERT_MSG.enabled : ALERT_MSG.disabled);

  // ── Balance ────────────────────────────────────────────────────────────────────────────────
  app.post('/UserCenter/GetMyAccountAlert', async (request) => ok(await alerts.getBalanceAlert(db, await caller(request))));

  app.post('/UserCenter/SaveMyAccountAlert', async (request) => {
    const account = await caller(request);
    await alerts.saveBalanceAlert(db, account, parseInput(BalanceAlertInput, fields(request)));
    await engine.judgeNow(account.memberId);
    return ok(await alerts.getBalanceAlert(db, account), ALERT_MSG.saved);
  });

  // ── Remaining calls ────────────────────────────────────────────────────────────────────────
  app.post('/myBuy/earlywarnList', async (request) => {
    const rows = await alerts.listRemainingAlerts(db, await caller(request));
    return list(rows, rows.length);
  });

  app.post('/myBuy/addearlywarning', async (request) => {
    const account = await caller(request);
    await alerts.saveRemainingAlert(db, account, parseInput(RemainingAlertInput, fields(request)));
    await engine.judgeNow(account.memberId);
    return ok(null, ALERT_MSG.saved);
  });

  app.post('/myBuy/editEarlywarnStatus', async (request) => {
    const account = await caller(request);
    const input = parseInput(AlertStatusInput, fields(request));
    await alerts.setRemainingStatus(db, account, input.id, input.status);
    await engine.judgeNow(account.memberId);
    return ok(null, statusMsg(input.status));
  });

  // ── Calls per day ──────────────────────────────────────────────────────────────────────────
  app.post('/myBuy/dayInvokerAlarmList', async (request) => {
    const rows = await alerts.listDailyAlerts(db, await caller(request));
    return list(rows, rows.length);
  });

  app.post('/myBuy/addDayInvokerAlarm', async (request) => {
    const account = await caller(request);
    await alerts.saveDailyAlert(db, account, parseInput(DailyAlertInput, fields(request)));
    await engine.judgeNow(account.memberId);
    return ok(null, ALERT_MSG.saved);
  });

  app.post('/myBuy/editDayInvokerAlarmStatus', async (request) => {
    const account = await caller(request);
    const input = parseInput(AlertStatusInput, fields(request));
    await alerts.setDailyStatus(db, account, input.id, input.status);
    await engine.judgeNow(account.memberId);
    return ok(null, statusMsg(input.status));
  });

  // ── Error rate ─────────────────────────────────────────────────────────────────────────────
  app.post('/myWarn/getMembershipWarnInfo', async (request) => {
    const { rows, total } = await alerts.listErrorRateAlerts(db, await caller(request), parseInput(PageQuery, fields(request)));
    return list(rows, total);
  });

  app.post('/myWarn/getWarnInterface', async (request) => {
    const rows = await alerts.warnInterfaces(db, await caller(request));
    return list(rows, rows.length);
  });

  app.post('/myWarn/getWarnErrcode', async (request) => {
    const account = await caller(request);
    const rows = await alerts.warnErrcodes(db, account, parseInput(WarnErrcodeInput, fields(request)).interfaceId);
    return list(rows, rows.length);
  });

  app.post('/myWarn/queryWarnInfoById', async (request) => {
    const account = await caller(request);
    return ok(await alerts.getErrorRateAlert(db, account, parseInput(AlertIdInput, fields(request)).id));
  });

  app.post('/myWarn/saveWarnInfo', async (request) => {
    const account = await caller(request);
    const saved = await alerts.saveErrorRateAlert(db, account, parseInput(ErrorRateAlertInput, fields(request)));
    await engine.judgeNow(account.memberId);
    return ok(await alerts.getErrorRateAlert(db, account, saved.id), ALERT_MSG.saved);
  });

  app.post('/myWarn/updateStatus', async (request) => {
    const account = await caller(request);
    const input = parseInput(AlertStatusInput, fields(request));
    await alerts.setErrorRateStatus(db, account, input.id, input.status);
    await engine.judgeNow(account.memberId);
    return ok(null, statusMsg(input.status));
  });

  app.post('/myWarn/deleteWarnInfoById', async (request) => {
    const account = await caller(request);
    await alerts.deleteErrorRateAlert(db, account, parseInput(AlertIdInput, fields(request)).id);
    return ok(null, ALERT_MSG.deleted);
  });

  // ── History ────────────────────────────────────────────────────────────────────────────────
  app.post('/myWarn/warnRecordList', async (request) => {
    const { rows, total } = await alerts.listFirings(db, await caller(request), parseInput(PageQuery, fields(request)));
    return list(rows, total);
  });

  // ── Contacts ───────────────────────────────────────────────────────────────────────────────
  app.post('/myWarn/selectWarnContact', async (request) => {
    const { rows, total } = await alerts.listContacts(db, await caller(request), parseInput(ContactListInput, fields(request)));
    return list(rows, total);
  });

  app.post('/myWarn/addWarnContact', async (request) => {
    const account = await caller(request);
    const input = parseInput(AddContactInput, fields(request));
    const row = await alerts.addContact(db, account, input);
    return ok(row, row.verified ? ALERT_MSG.contactAdded : ALERT_MSG.contactAddedUnverified);
  });

  app.post('/myWarn/verifyWarnContact', async (request) => {
    const account = await caller(request);
    const input = parseInput(VerifyContactInput, fields(request));
    return ok(await alerts.verifyContact(db, account, input.id, input.smsCode), ALERT_MSG.contactVerified);
  });

  app.post('/myWarn/deleteWarnContact', async (request) => {
    const account = await caller(request);
    await alerts.deleteContact(db, account, parseInput(ContactIdInput, fields(request)).id);
    return ok(null, ALERT_MSG.contactDeleted);
  });

  // Image captcha first (Decision 18), then the identity module's code with its limits.
  app.post('/myWarn/sendVerifyCode', async (request) => {
    const account = await caller(request);
    const input = parseInput(SendContactCodeInput, fields(request));
    await consumeCaptcha(db, input.uuid || request.cookies[COOKIE.imageCodeKey] || undefined, input.captcha);
    await alerts.sendContactCode(db, notifier, account, { id: input.id, phone: input.phone }, request.ip);
    return ok(null, SMS_MSG.sent);
  });
}
