// The parties of the authorization matrix (authorization.matrix.test.ts): two companies, one with
// three sub-accounts, each account holding private records whose text is unlike anything else in
// the database, so a record that leaks into another account's answer is found by its text.
// Accounts register and log in through the real flow; their records are made through the real
// calls where that is cheap (a purchase, an order) and written directly otherwise.
import { randomBytes } from 'node:crypto';
import { FEATURE, GRANTABLE_FEATURES } from '@apimarket/contracts';
import { eq, inArray } from 'drizzle-orm';
import {
  alertContacts,
  alertRules,
  assignments,
  balances,
  batchJobs,
  capacityQueries,
  favorites,
  fenceEvents,
  fenceVehicles,
  invoices,
  invoiceTitles,
  insuranceQueries,
  ipBindings,
  members,
  messages,
  orders,
  packageNames,
  payments,
  purchases,
  qualifications,
  queryItems,
  queryReports,
  recharges,
  sessions,
  subAccounts,
  trackShares,
  vehicleFences,
  vehicleSubscriptions,
} from '../db/schema';
import { fixtures } from '../modules/purchases/purchases.fixtures';
import { creditCode, newAccount, qualifiedAccount, type TestAccount } from '../test/account';
import { callWithSample } from '../test/gateway';
import type { TestApp } from '../test/harness';

/** What an input field addressed by id may point at. */
export type IdKind =
  | 'purchase'
  | 'order'
  | 'paidOrder'
  | 'message'
  | 'remainingRule'
  | 'dailyRule'
  | 'errorRateRule'
  | 'contact'
  | 'title'
  | 'invoice'
  | 'binding'
  | 'job'
  | 'sub'
  | 'assignment'
  | 'member'
  | 'qualification'
  | 'interface'
  | 'payment'
  | 'package'
  | 'call'
  | 'report'
  | 'vehicle'
  | 'fence'
  | 'packageName'
  | 'insuranceQuery'
  | 'capacityQuery'
  | 'judicialQuery';

/** One account as a victim: the ids its private records have, and the text only they carry. */
export interface Victim {
  label: string;
  ids: Partial<Record<IdKind, string>>;
  /** Text that appears in no answer but this victim's (and its main account's, for a sub). */
  markers: string[];
}

export interface Party extends TestAccount {
  label: string;
}

const INTERFACE = 1882;
/** Company A's second purchase: assigned to S2 only, so S1 holds a purchase of its main account it was not given. */
const SECOND = 2063;

/** A text no seed or other account carries: the label and a random tail. */
const mark = (label: string) => `${label}${randomBytes(4).toString('hex')}`;

export async function makeParties(t: TestApp) {
  const f = fixtures(() => t);
  const db = t.database.db;

  /** A sub-account of `parent`, registered (so it has a real password and session) then adopted. */
  const subOf = async (parent: Party, label: string, ip: string): Promise<Party> => {
    const a = await newAccount(t, ip);
    await db
      .update(members)
      // Every menu code a sub-account may hold: the matrix is about whose records, not which menus.
      .set({ parentId: parent.memberId, contacter: mark(`联系人${label}`), featureCodes: GRANTABLE_FEATURES.filter((c) => c !== FEATURE.accountManagement) })
      .where(eq(members.id, a.memberId));
    await db.insert(subAccounts).values({ memberId: a.memberId, parentId: parent.memberId, subCompanyName: mark(`部门${label}`) });
    return { ...a, label };
  };

  /** Records every account may own, marked: a message, a favourite, an alert contact, a whitelist entry. */
  const personal = async (p: Party) => {
    const title = mark(`私信${p.label}`);
    const [msg] = await db
      .insert(messages)
      .values({ memberId: p.memberId, kind: 'system', title, body: mark('正文') })
      .returning({ id: messages.id });
    await db.insert(favorites).values({ memberId: p.memberId, interfaceId: INTERFACE });
    const contactName = mark(`联系${p.label}`);
    const contactPhone = `137${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
    const [contact] = await db
      .insert(alertContacts)
      .values({ memberId: p.memberId, name: contactName, phone: contactPhone, email: `${mark('mail')}@example.com` })
      .returning({ id: alertContacts.id });
    const cidr = `198.51.100.${10 + (p.memberId % 200)}`;
    const [binding] = await db.insert(ipBindings).values({ memberId: p.memberId, interfaceId: INTERFACE, cidr }).returning({ id: ipBindings.id });
    // A subscribed vehicle (its remark is the marker; a plate may be anyone's) and a fence bound to it.
    const remark = mark(`车辆${p.label}`);
    const [vehicle] = await db
      .insert(vehicleSubscriptions)
      .values({ memberId: p.memberId, plateNumber: '浙A8F2C6', plateColor: 2, startDate: '2026-01-01', endDate: '2099-12-31', remark })
      .returning({ id: vehicleSubscriptions.id });
    const fenceName = mark(`围栏${p.label}`);
    const [fence] = await db
      .insert(vehicleFences)
      .values({ memberId: p.memberId, name: fenceName, shape: 'circle', center: [120.21, 30.21], radius: 1000 })
      .returning({ id: vehicleFences.id });
    await db.insert(fenceVehicles).values({ fenceId: fence?.id ?? 0, subscriptionId: vehicle?.id ?? 0 });
    // A coach scored (车险分析; a bus query, so its cycles page answers its owner), a company's
    // capacity asked (企业运力) and a judicial query (司法可视化, an 在线查询 item of 9839): each
    // marked by its subject.
    const insuranceSubject = mark(`客车${p.label}`);
    const [insurance] = await db
      .insert(insuranceQueries)
      .values({
        memberId: p.memberId,
        model: 'bus',
        interfaceId: 9965,
        purchaseId: 0,
        subject: insuranceSubject,
        plateNumber: '浙A6K3M9',
        plateColor: 2,
        success: true,
        code: '10000',
        message: '成功',
        seqNo: mark('SEQ'),
        score: 52,
        grade: 'C',
        request: {},
        operator: p.label,
        result: { factors: [], topFactors: [], lines: [], cycles: [] },
      })
      .returning({ id: insuranceQueries.id });
    const capacityCompany = mark(`运力企业${p.label}`);
    const [capacity] = await db
      .insert(capacityQueries)
      .values({
        memberId: p.memberId,
        purchaseId: 0,
        interfaceId: 9883,
        companyName: capacityCompany,
        seqNo: mark('SEQ'),
        code: '10000',
        message: '成功',
        data: {},
      })
      .returning({ id: capacityQueries.id });
    const judicialSubject = mark(`司法对象${p.label}`);
    const [judicialReport] = await db
      .insert(queryReports)
      .values({ memberId: p.memberId, subject: judicialSubject, items: 1, succeeded: 1, ip: '203.0.113.9' })
      .returning({ id: queryReports.id });
    const [judicial] = await db
      .insert(queryItems)
      .values({
        reportId: judicialReport?.id ?? 0,
        memberId: p.memberId,
        purchaseId: 0,
        interfaceId: 9839,
        seqNo: mark('JS'),
        // No parameters kept: the case file then names the report's subject, the marker.
        params: {},
        code: '10000',
        message: '成功',
        data: { list: [] },
        requestedAt: new Date(),
        answeredAt: new Date(),
      })
      .returning({ id: queryItems.id });
    return {
      messageId: String(msg?.id),
      contactId: String(contact?.id),
      bindingId: String(binding?.id),
      vehicleId: String(vehicle?.id),
      fenceId: String(fence?.id),
      insuranceQueryId: String(insurance?.id),
      capacityQueryId: String(capacity?.id),
      judicialQueryId: String(judicial?.id),
      markers: [title, contactName, contactPhone, cidr, remark, fenceName, insuranceSubject, capacityCompany, judicialSubject],
    };
  };

  /** A main account of a company: qualified, a purchase (paid order and recharge), an unpaid order, alert rules, an invoice title and invoice, a batch job, a call. */
  const company = async (label: string, ip: string) => {
    const a: Party = { ...(await qualifiedAccount(t, ip, GRANTABLE_FEATURES)), label };
    const paidOrder = await f.buy(a, INTERFACE);
    const purchase = await f.purchase(a, INTERFACE);
    await f.buy(a, SECOND);
    const second = await f.purchase(a, SECOND);
    // An order left unpaid (for another package of the same interface): change, cancel and pay address it.
    const pkgs = await f.packages(INTERFACE);
    const other = pkgs[1] ?? pkgs[0];
    const created = (await f.as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: String(INTERFACE), packageId: String(other?.id) })).json();
    const unpaidOrder = String(created.data?.orderNo ?? '');
    if (!unpaidOrder) throw new Error(`unpaid order not created: ${JSON.stringify(created)}`);
    const [recharge] = await db.select({ ref: recharges.transferRef }).from(recharges).where(eq(recharges.memberId, a.memberId));
    const rules = await db
      .insert(alertRules)
      .values([
        { memberId: a.memberId, kind: 'balance', threshold: 1000 },
        { memberId: a.memberId, kind: 'calls_left', interfaceId: INTERFACE, threshold: 7 },
        { memberId: a.memberId, kind: 'daily_calls', interfaceId: INTERFACE, threshold: 9 },
        { memberId: a.memberId, kind: 'error_rate', interfaceId: INTERFACE, threshold: 50, windowMinutes: 10 },
      ])
      .returning({ id: alertRules.id, kind: alertRules.kind });
    const rule = (kind: string) => String(rules.find((r) => r.kind === kind)?.id);
    const titleName = mark(`抬头${label}`);
    const taxNo = creditCode();
    const [title] = await db
      .insert(invoiceTitles)
      .values({ memberId: a.memberId, type: 'normal', companyName: titleName, taxNo, isDefault: true })
      .returning({ id: invoiceTitles.id });
    const [invoice] = await db
      .insert(invoices)
      .values({ memberId: a.memberId, status: 'requested', type: 'normal', companyName: titleName, taxNo, amountFen: 100 })
      .returning({ id: invoices.id });
    const jobFile = `${mark(`批量${label}`)}.xlsx`;
    const [job] = await db
      .insert(batchJobs)
      .values({ memberId: a.memberId, purchaseId: purchase.id, interfaceId: INTERFACE, fileName: jobFile, ip: '203.0.113.9', status: 'done', rows: 1, done: 1 })
      .returning({ id: batchJobs.id });
    // An online query report: its masked subject is the marker (only its asker reads it back).
    const subject = mark(`查询对象${label}`);
    const [report] = await db
      .insert(queryReports)
      .values({ memberId: a.memberId, subject, items: 1, succeeded: 1, ip: '203.0.113.9' })
      .returning({ id: queryReports.id });
    const now = new Date();
    await db.insert(queryItems).values({
      reportId: report?.id ?? 0,
      memberId: a.memberId,
      purchaseId: purchase.id,
      interfaceId: INTERFACE,
      seqNo: mark('QS'),
      params: { name: '张*' },
      code: '10000',
      message: '成功',
      data: { result: '1' },
      requestedAt: now,
      answeredAt: now,
    });
    const paymentNo = `P20260101000000${randomBytes(3).toString('hex').toUpperCase()}`;
    await db.insert(payments).values({
      paymentNo,
      memberId: a.memberId,
      purpose: 'order',
      orderNo: unpaidOrder,
      amountFen: 100,
      provider: 'sandbox',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [qualification] = await db.select({ id: qualifications.id }).from(qualifications).where(eq(qualifications.memberId, a.memberId));
    const call = await f.gateway(purchase.key);
    const seqNo = String(call.json().seqNo ?? '');
    const own = await personal(a);
    // An app allowed to call the company's SDK interfaces (包名管理: a main account's records).
    const appName = mark(`应用${label}`);
    const [app] = await db
      .insert(packageNames)
      .values({ memberId: a.memberId, platform: 'ios', packageName: `com.example.m${a.memberId}`, packageKey: `com.example.m${a.memberId}`, appName })
      .returning({ id: packageNames.id });
    const ids: Partial<Record<IdKind, string>> = {
      purchase: String(purchase.id),
      order: unpaidOrder,
      paidOrder,
      message: own.messageId,
      remainingRule: rule('calls_left'),
      dailyRule: rule('daily_calls'),
      errorRateRule: rule('error_rate'),
      contact: own.contactId,
      title: String(title?.id),
      invoice: String(invoice?.id),
      binding: own.bindingId,
      job: String(job?.id),
      member: String(a.memberId),
      qualification: String(qualification?.id),
      interface: String(INTERFACE),
      payment: paymentNo,
      package: String(other?.id),
      call: seqNo,
      report: String(report?.id),
      vehicle: own.vehicleId,
      fence: own.fenceId,
      packageName: String(app?.id),
      insuranceQuery: own.insuranceQueryId,
      capacityQuery: own.capacityQueryId,
      judicialQuery: own.judicialQueryId,
    };
    // What only this main account's own records carry (its login name and phone are left out:
    // its sub-accounts may be shown whose they are).
    // The company's money (orders, transfers, payments) is its main account's alone too (Decision 180).
    const markers = [
      purchase.key,
      second.key,
      titleName,
      taxNo,
      jobFile,
      subject,
      seqNo,
      paidOrder,
      unpaidOrder,
      recharge?.ref ?? '',
      paymentNo,
      ...own.markers,
    ].filter(Boolean);
    // The company's registered apps are read by its sub-accounts too (their SDK calls are held to
    // them); only another company must not see them.
    return { party: a, ids, markers, companyMarkers: [appName], purchaseId: purchase.id, secondId: second.id };
  };

  /** Gives a sub-account its own key to one of the main's purchases, and makes one call with it. */
  const assign = async (sub: Party, purchaseId: number, interfaceId: number) => {
    const key = randomBytes(32).toString('base64url');
    const [row] = await db.insert(assignments).values({ memberId: sub.memberId, purchaseId, key, callsAllotted: 100 }).returning({ id: assignments.id });
    const seqNo = (await callWithSample(t, key, interfaceId)).seqNo ?? '';
    return { assignmentId: String(row?.id), seqNo, markers: [key, seqNo].filter(Boolean) };
  };

  const A = await company('甲', '10.77.0.1');
  const B = await company('乙', '10.77.0.2');
  const S1 = await subOf(A.party, '子一', '10.77.0.3');
  const S2 = await subOf(A.party, '子二', '10.77.0.4');
  const S3 = await subOf(A.party, '子三', '10.77.0.5');
  const s1 = { ...(await personal(S1)), ...(await assign(S1, A.purchaseId, INTERFACE)) };
  const s2 = { ...(await personal(S2)), ...(await assign(S2, A.secondId, SECOND)) };
  const subText = async (p: Party) => {
    const [m] = await db.select({ contacter: members.contacter }).from(members).where(eq(members.id, p.memberId));
    const [s] = await db.select({ dept: subAccounts.subCompanyName }).from(subAccounts).where(eq(subAccounts.memberId, p.memberId));
    return [p.uName, p.mobile, m?.contacter ?? '', s?.dept ?? ''].filter(Boolean);
  };
  const s1Markers = [...s1.markers, ...(await subText(S1))];
  const s2Markers = [...s2.markers, ...(await subText(S2))];
  // The disabled sub-account keeps the cookie of the session it had before.
  await db.update(members).set({ status: 'disabled' }).where(eq(members.id, S3.memberId));

  /** Company A as another company sees it: every private record of the main account and its sub-accounts. */
  const companyA: Victim = {
    label: '甲公司',
    ids: { ...A.ids, sub: String(S1.memberId), assignment: s1.assignmentId },
    markers: [...A.markers, ...A.companyMarkers, A.party.uName, A.party.mobile, ...s1Markers, ...s2Markers],
  };
  /** The main account A as its own sub-account S1 sees it: A's records (the purchase S1 was not given), and sibling S2's. */
  const mainA: Victim = {
    label: '甲主账号',
    ids: { ...A.ids, purchase: String(A.secondId), sub: String(S2.memberId), assignment: s2.assignmentId },
    markers: [...A.markers, ...s2Markers],
  };
  /** Sub-account S1 as its sibling S2 sees it (and as its main account addresses it). */
  const subS1: Victim = {
    label: '子账号一',
    ids: {
      ...A.ids,
      message: s1.messageId,
      contact: s1.contactId,
      binding: s1.bindingId,
      vehicle: s1.vehicleId,
      fence: s1.fenceId,
      insuranceQuery: s1.insuranceQueryId,
      capacityQuery: s1.capacityQueryId,
      judicialQuery: s1.judicialQueryId,
      member: String(S1.memberId),
      sub: String(S1.memberId),
      assignment: s1.assignmentId,
      call: s1.seqNo,
    },
    markers: s1Markers,
  };
  /** Sub-account S2 as itself: only for the check that its markers show to their owner. */
  const subS2: Victim = {
    label: '子账号二',
    ids: {
      ...subS1.ids,
      purchase: String(A.secondId),
      message: s2.messageId,
      contact: s2.contactId,
      binding: s2.bindingId,
      vehicle: s2.vehicleId,
      fence: s2.fenceId,
      insuranceQuery: s2.insuranceQueryId,
      capacityQuery: s2.capacityQueryId,
      judicialQuery: s2.judicialQueryId,
      member: String(S2.memberId),
      sub: String(S2.memberId),
      assignment: s2.assignmentId,
      call: s2.seqNo,
    },
    markers: s2Markers,
  };

  return { A: A.party, B: B.party, S1, S2, S3, victims: { companyA, mainA, subS1, subS2 } };
}

/** Every row of company A's accounts that a refused call must leave as it was. */
export async function companySnapshot(t: TestApp, memberIds: number[]) {
  const db = t.database.db;
  const ids = memberIds;
  return {
    members: await db.select().from(members).where(inArray(members.id, ids)).orderBy(members.id),
    subAccounts: await db.select().from(subAccounts).where(inArray(subAccounts.memberId, ids)).orderBy(subAccounts.memberId),
    assignments: await db.select().from(assignments).where(inArray(assignments.memberId, ids)).orderBy(assignments.id),
    balances: await db.select().from(balances).where(inArray(balances.memberId, ids)),
    purchases: await db.select().from(purchases).where(inArray(purchases.memberId, ids)).orderBy(purchases.id),
    orders: await db.select().from(orders).where(inArray(orders.memberId, ids)).orderBy(orders.id),
    payments: await db.select().from(payments).where(inArray(payments.memberId, ids)).orderBy(payments.id),
    recharges: await db.select().from(recharges).where(inArray(recharges.memberId, ids)).orderBy(recharges.id),
    messages: await db.select().from(messages).where(inArray(messages.memberId, ids)).orderBy(messages.id),
    favorites: await db.select().from(favorites).where(inArray(favorites.memberId, ids)).orderBy(favorites.memberId, favorites.interfaceId),
    alertRules: await db.select().from(alertRules).where(inArray(alertRules.memberId, ids)).orderBy(alertRules.id),
    alertContacts: await db.select().from(alertContacts).where(inArray(alertContacts.memberId, ids)).orderBy(alertContacts.id),
    ipBindings: await db.select().from(ipBindings).where(inArray(ipBindings.memberId, ids)).orderBy(ipBindings.id),
    invoiceTitles: await db.select().from(invoiceTitles).where(inArray(invoiceTitles.memberId, ids)).orderBy(invoiceTitles.id),
    invoices: await db.select().from(invoices).where(inArray(invoices.memberId, ids)).orderBy(invoices.id),
    batchJobs: await db.select().from(batchJobs).where(inArray(batchJobs.memberId, ids)).orderBy(batchJobs.id),
    queryReports: await db.select().from(queryReports).where(inArray(queryReports.memberId, ids)).orderBy(queryReports.id),
    vehicleSubscriptions: await db.select().from(vehicleSubscriptions).where(inArray(vehicleSubscriptions.memberId, ids)).orderBy(vehicleSubscriptions.id),
    vehicleFences: await db.select().from(vehicleFences).where(inArray(vehicleFences.memberId, ids)).orderBy(vehicleFences.id),
    fenceEvents: await db.select().from(fenceEvents).where(inArray(fenceEvents.memberId, ids)).orderBy(fenceEvents.id),
    trackShares: await db.select().from(trackShares).where(inArray(trackShares.memberId, ids)).orderBy(trackShares.id),
    packageNames: await db.select().from(packageNames).where(inArray(packageNames.memberId, ids)).orderBy(packageNames.id),
    insuranceQueries: await db.select().from(insuranceQueries).where(inArray(insuranceQueries.memberId, ids)).orderBy(insuranceQueries.id),
    capacityQueries: await db.select().from(capacityQueries).where(inArray(capacityQueries.memberId, ids)).orderBy(capacityQueries.id),
    queryItems: await db.select().from(queryItems).where(inArray(queryItems.memberId, ids)).orderBy(queryItems.id),
    // A session opened for a victim (a switch into it) or ended (a reset, a disable) is a change;
    // when it was last seen is not.
    sessions: await db
      .select({ id: sessions.id, memberId: sessions.memberId, revokedAt: sessions.revokedAt, switchedFrom: sessions.switchedFrom })
      .from(sessions)
      .where(inArray(sessions.memberId, ids))
      .orderBy(sessions.id),
    qualifications: await db.select().from(qualifications).where(inArray(qualifications.memberId, ids)).orderBy(qualifications.id),
  };
}
