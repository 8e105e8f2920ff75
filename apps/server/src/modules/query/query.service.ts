// 在线查询 (/userCenter/query; issue #21). The pool is what the account may ask: its purchases (a
// sub-account: its assignments), and the trials a main account may still take. A query asks one
// person against one or several of them at once; each item is one real call through the open data
// API's pipeline (online.service callAsOwner: the purchase's key, or the assignment's), checked,
// charged and recorded like any other, and the report keeps the masked parameters and the
// answers so the history and the receipts can show them (Decision 19: nothing clear at rest).
import {
  chinaClock,
  chinaDayStart,
  EXCEL_EXPORT,
  isVerifiedRow,
  pageOffset,
  paramLabel,
  QUERY_EXPORT_COLUMNS,
  QUERY_KIND_LABEL,
  QUERY_LIMITS,
  QUERY_MSG,
  type QueryField,
  type QueryForm,
  type QueryFormInput,
  type QueryHistoryInput,
  type QueryInterfaceInfo,
  type QueryInterfaceInput,
  type QueryItemView,
  type QueryPoolInput,
  type QueryPoolItem,
  type QueryReportView,
  type QueryRunInput,
  trialGrant,
  verdictText,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, inArray, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  assignedCallsLeft,
  assignments,
  categories,
  interfaceDocs,
  interfaces,
  members,
  purchases,
  queryItems,
  queryReports,
  trialGrants,
} from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { maskParams } from '../gateway/mask';
import { askOnce, keepAnswer } from '../online/in-flight';
import { callAsOwner } from '../online/online.service';
import { loadExcel } from '../../files';

type DocParam = { name: string; type: string; required: boolean; description: string; example: string };

/** One interface the account can ask, with what calling it takes. */
export interface Target {
  purchaseId: number;
  key: string;
  path: string;
  interfaceId: number;
  interfaceName: string;
  categoryName: string;
  callsLeft: number;
  expiresAt: Date;
  live: boolean;
  params: DocParam[];
  summary: string;
  sampleResponse: unknown;
}

/** A form cannot carry an image or a video: those interfaces are called from 我的API's test page. */
const formable = (params: readonly DocParam[]) => !params.some((p) => p.type === 'base64');

/**
 * The account's purchases (a sub-account's assignments), optionally of some interfaces only: what
 * 在线查询 and the vehicle tools call through. `live` leaves out the calls left.
 */
export async function targetsOf(db: Db, account: Account, interfaceIds?: number[]): Promise<Target[]> {
  const base = {
    purchaseId: purchases.id,
    path: interfaces.path,
    interfaceId: purchases.interfaceId,
    interfaceName: interfaces.interfaceName,
    categoryName: categories.categoryName,
    expiresAt: purchases.expiresAt,
    params: interfaceDocs.params,
    summary: interfaces.summary,
    sampleResponse: interfaceDocs.sampleResponse,
  };
  const only = interfaceIds ? inArray(purchases.interfaceId, interfaceIds) : undefined;
  const rows = account.isSub
    ? await db
        .select({
          ...base,
          key: assignments.key,
          callsLeft: assignedCallsLeft,
          live: sql<boolean>`${purchases.status} = 'active' and ${assignments.status} = 'active' and ${purchases.expiresAt} > now() and ${interfaces.status} = 'on_sale'`,
        })
        .from(assignments)
        .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
        .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
        .innerJoin(categories, eq(categories.id, interfaces.categoryId))
        .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, purchases.interfaceId))
        .where(and(eq(assignments.memberId, account.memberId), only))
    : await db
        .select({
          ...base,
          key: purchases.key,
          callsLeft: purchases.callsLeft,
          live: sql<boolean>`${purchases.status} = 'active' and ${purchases.expiresAt} > now() and ${interfaces.status} = 'on_sale'`,
        })
        .from(purchases)
        .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
        .innerJoin(categories, eq(categories.id, interfaces.categoryId))
        .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, purchases.interfaceId))
        .where(and(eq(purchases.memberId, account.memberId), only));
  return rows;
}

/** Why a target cannot be asked now, or '' when it can. */
function refusal(t: Target): string {
  if (!formable(t.params)) return QUERY_MSG.notTestable(t.interfaceName);
  if (!t.live || t.callsLeft <= 0) return QUERY_MSG.unusable(t.interfaceName);
  return '';
}

function poolItem(t: Target): QueryPoolItem {
  const reason = refusal(t);
  return {
    interfaceId: t.interfaceId,
    interfaceName: t.interfaceName,
    categoryName: t.categoryName,
    purchaseId: t.purchaseId,
    callsLeft: Math.max(0, t.callsLeft),
    expiresAt: t.expiresAt.toISOString(),
    usable: reason === '',
    reason,
    trialGrantable: 0,
  };
}

const likeWord = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** UserCenter/getInterfacePool: the account's interfaces, then the trials a main account may still take. */
export async function queryPool(db: Db, account: Account, { keyword }: QueryPoolInput): Promise<QueryPoolItem[]> {
  const word = keyword ? likeWord(keyword) : null;
  const own = (await targetsOf(db, account)).filter((t) => !word || t.interfaceName.toLowerCase().includes(keyword.toLowerCase()));
  const items = own.map(poolItem).sort((a, b) => Number(b.usable) - Number(a.usable) || a.interfaceId - b.interfaceId);
  if (account.isSub) return items;
  const [me] = await db.select({ quota: members.trialCalls }).from(members).where(eq(members.id, account.memberId));
  const quota = me?.quota ?? 0;
  if (quota <= 0) return items;
  const trials = await db
    .select({
      interfaceId: interfaces.id,
      interfaceName: interfaces.interfaceName,
      categoryName: categories.categoryName,
      trialCalls: interfaces.trialCalls,
      params: interfaceDocs.params,
    })
    .from(interfaces)
    .innerJoin(categories, eq(categories.id, interfaces.categoryId))
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(
      and(
        eq(interfaces.status, 'on_sale'),
        sql`${interfaces.trialCalls} > 0`,
        word ? sql`${interfaces.searchName} like ${word}` : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(purchases)
            .where(and(eq(purchases.memberId, account.memberId), eq(purchases.interfaceId, interfaces.id))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(trialGrants)
            .where(and(eq(trialGrants.memberId, account.memberId), eq(trialGrants.interfaceId, interfaces.id))),
        ),
      ),
    )
    .orderBy(interfaces.id);
  for (const t of trials) {
    if (!formable(t.params)) continue;
    items.push({
      interfaceId: t.interfaceId,
      interfaceName: t.interfaceName,
      categoryName: t.categoryName,
      purchaseId: null,
      callsLeft: 0,
      expiresAt: null,
      usable: false,
      reason: '',
      trialGrantable: trialGrant(t.trialCalls, quota),
    });
  }
  return items;
}

/** The form of several interfaces: one field per parameter name, required when any of them requires it. */
function fieldsOf(targets: ReadonlyArray<Pick<Target, 'interfaceId' | 'params'>>): QueryField[] {
  const byName = new Map<string, QueryField>();
  for (const t of targets) {
    for (const p of t.params) {
      const known = byName.get(p.name);
      if (known) {
        known.required ||= p.required;
        known.interfaceIds.push(t.interfaceId);
        continue;
      }
      byName.set(p.name, {
        name: p.name,
        label: paramLabel(p),
        description: p.description,
        example: p.example,
        required: p.required,
        interfaceIds: [t.interfaceId],
      });
    }
  }
  // Required first, then in the order the interfaces name them.
  return [...byName.values()].sort((a, b) => Number(b.required) - Number(a.required));
}

/** The chosen interfaces, every one the account's: 404 when any is not (a stranger's id reads as missing). */
async function chosen(db: Db, account: Account, interfaceIds: number[]): Promise<Target[]> {
  const found = await targetsOf(db, account, interfaceIds);
  if (found.length !== interfaceIds.length) throw new NotFound(QUERY_MSG.interfaceMissing);
  return interfaceIds.map((id) => found.find((t) => t.interfaceId === id) as Target);
}

/** UserCenter/getPaprlist. */
export async function queryForm(db: Db, account: Account, { interfaceIds }: QueryFormInput): Promise<QueryForm> {
  const targets = await chosen(db, account, interfaceIds);
  return { interfaces: targets.map(poolItem), fields: fieldsOf(targets) };
}

/** UserCenter/getInterfaceByld. */
export async function queryInterface(db: Db, account: Account, { interfaceId }: QueryInterfaceInput): Promise<QueryInterfaceInfo> {
  const [t] = await chosen(db, account, [interfaceId]);
  if (!t) throw new NotFound(QUERY_MSG.interfaceMissing);
  return { ...poolItem(t), summary: t.summary, fields: fieldsOf([t]), sampleResponse: t.sampleResponse };
}

/** Fields that name the person a report is about, in the order the subject reads. */
const SUBJECT_FIELDS = ['name', 'idcard', 'mobile', 'acc_no', 'companyName', 'creditCode', 'plate', 'vin'];

/** The masked subject of a query: its first two naming fields (张*，110101********4514). */
export function subjectOf(masked: Record<string, string>): string {
  return SUBJECT_FIELDS.flatMap((f) => (masked[f] ? [masked[f]] : []))
    .slice(0, 2)
    .join('，');
}

/**
 * UserCenter/getApiTestDataWithJsonTest: the person asked against each chosen interface, with its
 * own parameters only. Everything is checked before the first call, so a refusal charges nothing.
 */
export async function runQuery(db: Db, gateway: GatewayDeps, config: Config, account: Account, input: QueryRunInput, ip: string): Promise<QueryReportView> {
  const targets = await chosen(db, account, input.interfaceIds);
  for (const t of targets) {
    const why = refusal(t);
    if (why) throw new Invalid(why);
  }
  const values = Object.fromEntries(Object.entries(input.params).map(([k, v]) => [k, v.trim()]));
  for (const f of fieldsOf(targets)) if (f.required && !values[f.name]) throw new Invalid(QUERY_MSG.required(f.label));

  // One question at a time: the same person against the same interfaces, submitted again while
  // the first is being answered (a double click, a second tab), is refused rather than charged twice.
  const question = ['query', ...input.interfaceIds.slice().sort((a, b) => a - b), ...fieldsOf(targets).map((f) => values[f.name] ?? '')];
  const reportId = await askOnce(db, config.secrets.key, account.memberId, question, async () => {
    const answered = await Promise.all(
      targets.map(async (t) => {
        const params = Object.fromEntries(t.params.flatMap((p) => (values[p.name] ? [[p.name, values[p.name] as string]] : [])));
        const requestedAt = new Date();
        const { answer, charged, latencyMs } = await callAsOwner(gateway, t, params, ip);
        return { t, params: maskParams(params), answer, charged, latencyMs, requestedAt, answeredAt: new Date() };
      }),
    );

    const subject = subjectOf(maskParams(values));
    const seqNos = answered.map((a) => a.answer.seqNo).join('、');
    return keepAnswer(gateway, seqNos, () =>
      db.transaction(async (tx) => {
        const [report] = await tx
          .insert(queryReports)
          .values({
            memberId: account.memberId,
            subject,
            items: answered.length,
            succeeded: answered.filter((a) => a.answer.code === '10000').length,
            kind: answered.length > 1 ? 'report' : 'single',
            ip: ip.slice(0, 64),
          })
          .returning({ id: queryReports.id });
        const id = report?.id ?? 0;
        await tx.insert(queryItems).values(
          answered.map((a) => ({
            reportId: id,
            memberId: account.memberId,
            purchaseId: a.t.purchaseId,
            interfaceId: a.t.interfaceId,
            seqNo: a.answer.seqNo,
            params: a.params,
            code: a.answer.code,
            message: a.answer.message,
            data: a.answer.data ?? null,
            charged: a.charged ? 1 : 0,
            latencyMs: a.latencyMs,
            requestedAt: a.requestedAt,
            answeredAt: a.answeredAt,
          })),
        );
        return id;
      }),
    );
  });
  const [view] = await reportViews(db, config, [reportId]);
  if (!view) throw new NotFound(QUERY_MSG.reportMissing);
  return view;
}

/** Reports with their items, in the order of the ids given. */
async function reportViews(db: Db, config: Config, ids: number[]): Promise<QueryReportView[]> {
  if (ids.length === 0) return [];
  const [reports, items] = await Promise.all([
    db.select().from(queryReports).where(inArray(queryReports.id, ids)),
    db
      .select({ item: queryItems, interfaceName: interfaces.interfaceName })
      .from(queryItems)
      .innerJoin(interfaces, eq(interfaces.id, queryItems.interfaceId))
      .where(inArray(queryItems.reportId, ids))
      .orderBy(queryItems.id),
  ]);
  return ids.flatMap((id) => {
    const r = reports.find((x) => x.id === id);
    if (!r) return [];
    const kind = r.kind === 'report' ? 'report' : 'single';
    return [
      {
        id: r.id,
        kind,
        kindLabel: QUERY_KIND_LABEL[kind],
        subject: r.subject,
        succeeded: r.succeeded,
        createdAt: r.createdAt.toISOString(),
        items: items.filter((x) => x.item.reportId === id).map(({ item, interfaceName }) => itemView(config, item, interfaceName)),
      },
    ];
  });
}

function itemView(config: Config, item: typeof queryItems.$inferSelect, interfaceName: string): QueryItemView {
  const intercepted = config.receipts.interceptIds.has(item.interfaceId);
  const answer = { code: item.code, message: item.message, data: item.data };
  return {
    id: item.id,
    interfaceId: item.interfaceId,
    interfaceName,
    params: item.params,
    code: item.code,
    message: item.message,
    verdict: verdictText(answer, intercepted),
    verified: intercepted && isVerifiedRow(answer),
    data: item.data ?? null,
    seqNo: item.seqNo,
    charged: item.charged > 0,
    latencyMs: item.latencyMs,
    requestedAt: item.requestedAt.toISOString(),
    answeredAt: item.answeredAt.toISOString(),
  };
}

/** The account's own reports matching the filters (a main account's list holds none of its sub-accounts'). */
function historyWhere(account: Account, f: QueryHistoryInput): SQL | undefined {
  const anyItem = (cond: SQL) => sql`exists (select 1 from ${queryItems} where ${queryItems.reportId} = ${queryReports.id} and ${cond})`;
  return and(
    eq(queryReports.memberId, account.memberId),
    f.interfaceId ? anyItem(eq(queryItems.interfaceId, f.interfaceId)) : undefined,
    f.outcome === 'success'
      ? eq(queryReports.succeeded, queryReports.items)
      : f.outcome === 'failure'
        ? ne(queryReports.succeeded, queryReports.items)
        : undefined,
    f.from ? gte(queryReports.createdAt, chinaDayStart(f.from)) : undefined,
    f.to ? lt(queryReports.createdAt, chinaDayStart(f.to, 1)) : undefined,
  );
}

/** myOnline/list. */
export async function queryHistory(db: Db, config: Config, account: Account, f: QueryHistoryInput): Promise<{ rows: QueryReportView[]; total: number }> {
  const where = historyWhere(account, f);
  const [page, [total]] = await Promise.all([
    db.select({ id: queryReports.id }).from(queryReports).where(where).orderBy(desc(queryReports.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(queryReports).where(where),
  ]);
  return {
    rows: await reportViews(
      db,
      config,
      page.map((r) => r.id),
    ),
    total: total?.n ?? 0,
  };
}

/** UserCenter/exportApiTestData: the matching reports, one row per item (sheet1, xlsx: spec 01 §9). */
export async function exportQueryHistory(db: Db, config: Config, account: Account, f: QueryHistoryInput): Promise<Buffer> {
  const where = historyWhere(account, f);
  const [total] = await db.select({ n: count() }).from(queryReports).where(where);
  if ((total?.n ?? 0) > QUERY_LIMITS.exportMax) throw new Invalid(QUERY_MSG.exportTooMany);
  const ids = (await db.select({ id: queryReports.id }).from(queryReports).where(where).orderBy(desc(queryReports.id))).map((r) => r.id);
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  const sheet = book.addWorksheet(EXCEL_EXPORT.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = QUERY_EXPORT_COLUMNS.map((header, i) => ({ header, width: [20, 14, 30, 24, 28, 12, 24, 10][i] ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  // A few hundred reports at a time: a long history never sits in memory whole.
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await reportViews(db, config, ids.slice(i, i + 500))) {
      for (const item of r.items) {
        sheet.addRow([
          chinaClock(new Date(item.requestedAt)),
          r.kindLabel,
          r.subject,
          item.interfaceName,
          item.verdict,
          item.code,
          item.seqNo,
          item.charged ? '是' : '否',
        ]);
      }
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
