// The usage-alert calls of spec 02 §7 (issue #9), declared in contracts' alertsApi: balance
// (UserCenter/Get|SaveMyAccountAlert; on/off is SaveMyAccountAlert's status — editMyAccountAlertStatus
// marks messages read, account module), remaining calls (myBuy/*earlywarn*), calls per day
// (myBuy/*DayInvokerAlarm*), error rate and contacts (myWarn/*), plus the history of firings. The
// declarations ask for an authenticated company; each call reads and writes the caller's own rules
// and contacts only (alerts.service.ts). Saving a rule judges the account before the answer, so a
// threshold already crossed shows as 已触发 with its record in the same read (the SMS and e-mail
// follow the answer).
import { ALERT_MSG, COOKIE, alertsApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { listAll, list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import type { Notifier } from '../../notify';
import { consumeCaptcha } from '../identity/captcha.service';
import { SMS_MSG } from '../identity/sms.service';
import type { AlertEngine } from './alerts.engine';
import * as alerts from './alerts.service';

export async function alertsRoutes(app: FastifyInstance, deps: RouteDeps & { notifier: Notifier; engine: AlertEngine }) {
  const route = routes(app, deps);
  const { db, notifier, engine } = deps;
  const statusMsg = (enabled: boolean) => (enabled ? ALERT_MSG.enabled : ALERT_MSG.disabled);
  // A changed rule is judged before the answer: a threshold already crossed shows in the same read.
  const judged = async <T>(memberId: number, msg: string, read: () => T | Promise<T>) => {
    await engine.judgeNow(memberId);
    return ok(await read(), msg);
  };

  // ── Balance ────────────────────────────────────────────────────────────────────────────────
  route(alertsApi.balance, async ({ caller }) => ok(await alerts.getBalanceAlert(db, caller)));

  route(alertsApi.saveBalance, async ({ caller, input }) => {
    await alerts.saveBalanceAlert(db, caller, input);
    return judged(caller.memberId, ALERT_MSG.saved, () => alerts.getBalanceAlert(db, caller));
  });

  // ── Remaining calls ────────────────────────────────────────────────────────────────────────
  route(alertsApi.remainingList, async ({ caller }) => listAll(await alerts.listRemainingAlerts(db, caller)));

  route(alertsApi.saveRemaining, async ({ caller, input }) => {
    await alerts.saveRemainingAlert(db, caller, input);
    return judged(caller.memberId, ALERT_MSG.saved, () => null);
  });

  route(alertsApi.remainingStatus, async ({ caller, input }) => {
    await alerts.setRemainingStatus(db, caller, input);
    return judged(caller.memberId, statusMsg(input.status), () => null);
  });

  // ── Calls per day ──────────────────────────────────────────────────────────────────────────
  route(alertsApi.dailyList, async ({ caller }) => listAll(await alerts.listDailyAlerts(db, caller)));

  route(alertsApi.saveDaily, async ({ caller, input }) => {
    await alerts.saveDailyAlert(db, caller, input);
    return judged(caller.memberId, ALERT_MSG.saved, () => null);
  });

  route(alertsApi.dailyStatus, async ({ caller, input }) => {
    await alerts.setDailyStatus(db, caller, input);
    return judged(caller.memberId, statusMsg(input.status), () => null);
  });

  // ── Error rate ─────────────────────────────────────────────────────────────────────────────
  route(alertsApi.errorRateList, async ({ caller, input }) => {
    const { rows, total } = await alerts.listErrorRateAlerts(db, caller, input);
    return list(rows, total);
  });

  route(alertsApi.warnInterfaces, async ({ caller }) => listAll(await alerts.warnInterfaces(db, caller)));

  route(alertsApi.warnErrcodes, async ({ caller, input }) => listAll(await alerts.warnErrcodes(db, caller, input)));

  route(alertsApi.errorRate, async ({ caller, input }) => ok(await alerts.getErrorRateAlert(db, caller, input)));

  route(alertsApi.saveErrorRate, async ({ caller, input }) => {
    const saved = await alerts.saveErrorRateAlert(db, caller, input);
    return judged(caller.memberId, ALERT_MSG.saved, () => alerts.getErrorRateAlert(db, caller, { id: saved.id }));
  });

  route(alertsApi.errorRateStatus, async ({ caller, input }) => {
    await alerts.setErrorRateStatus(db, caller, input);
    return judged(caller.memberId, statusMsg(input.status), () => null);
  });

  route(alertsApi.deleteErrorRate, async ({ caller, input }) => {
    await alerts.deleteErrorRateAlert(db, caller, input);
    return ok(null, ALERT_MSG.deleted);
  });

  // ── History ────────────────────────────────────────────────────────────────────────────────
  route(alertsApi.firings, async ({ caller, input }) => {
    const { rows, total } = await alerts.listFirings(db, caller, input);
    return list(rows, total);
  });

  // ── Contacts ───────────────────────────────────────────────────────────────────────────────
  route(alertsApi.contacts, async ({ caller, input }) => {
    const { rows, total } = await alerts.listContacts(db, caller, input);
    return list(rows, total);
  });

  route(alertsApi.addContact, async ({ caller, input }) => {
    const row = await alerts.addContact(db, caller, input);
    return ok(row, row.verified ? ALERT_MSG.contactAdded : ALERT_MSG.contactAddedUnverified);
  });

  route(alertsApi.verifyContact, async ({ caller, input }) => ok(await alerts.verifyContact(db, caller, input), ALERT_MSG.contactVerified));

  route(alertsApi.deleteContact, async ({ caller, input }) => {
    await alerts.deleteContact(db, caller, input);
    return ok(null, ALERT_MSG.contactDeleted);
  });

  // Image captcha first (Decision 18), then the identity module's code with its limits.
  route(alertsApi.sendContactCode, async ({ caller, input, request }) => {
    await consumeCaptcha(db, input.uuid || request.cookies[COOKIE.imageCodeKey] || undefined, input.captcha);
    await alerts.sendContactCode(db, notifier, caller, { id: input.id, phone: input.phone }, request.ip);
    return ok(null, SMS_MSG.sent);
  });
}
