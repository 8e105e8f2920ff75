// 司法可视化 (/userCenter/examine; issue #23). A judicial query is an 在线查询 of one of the five
// judicial interfaces: the account's purchase (a sub-account: its assignment) found by targetsOf,
// one real call through the open data API's pipeline (callAsOwner: checked, charged, recorded),
// and the report kept in 在线查询's store (query_reports / query_items), so 在线查询's history,
// receipts and retention (Decision 193) hold it too. What differs from runQuery: the judicial
// refusals are worded for this screen, and a company asked by 9834 is kept as named (a company's
// name is not personal data; the person's name and ID number are masked as everywhere).
import {
  caseFile,
  chinaDayStart,
  isJudicialInterface,
  JUDICIAL_INTERFACES,
  JUDICIAL_MSG,
  JUDICIAL_VIEW_INTERFACE_IDS,
  type JudicialCaseFile,
  type JudicialIdInput,
  type JudicialInterfaceId,
  type JudicialListInput,
  type JudicialListRow,
  type JudicialQueryInput,
  type JudicialRaw,
  judicialParams,
  pageOffset,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces, queryItems, queryReports } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import type { GatewayDeps } from '../gateway/gateway.service';
import { maskAnswer, maskParams, maskValue } from '../gateway/mask';
import { askOnce, keepAnswer } from '../online/in-flight';
import { callAsOwner } from '../online/online.service';
import { subjectOf, targetsOf } from '../query/query.service';

const FIVE = [...JUDICIAL_VIEW_INTERFACE_IDS] as number[];

/** What is kept of the parameters: a person's masked; a company's name or code as asked. */
function keptParams(interfaceId: JudicialInterfaceId, params: Record<string, string>): Record<string, string> {
  if (JUDICIAL_INTERFACES[interfaceId].subject === 'company') return { ...params };
  return maskParams(params);
}

const subjectText = (interfaceId: number, kept: Record<string, string>) =>
  isJudicialInterface(interfaceId) && JUDICIAL_INTERFACES[interfaceId].subject === 'company' ? (kept.keyword ?? '') : subjectOf(kept);

/**
 * UserCenter/judicial/{id}: the subject asked against one of the five. Every check comes before
 * the call, so a refusal charges nothing; a call the interface answers without data (no record,
 * a bad ID number) is charged or not as the gateway decides, and kept either way.
 */
export async function runJudicialQuery(db: Db, gateway: GatewayDeps, account: Account, input: JudicialQueryInput, ip: string): Promise<JudicialCaseFile> {
  const interfaceId = input.interfaceId as JudicialInterfaceId;
  const name = JUDICIAL_INTERFACES[interfaceId].name;
  const targets = await targetsOf(db, account, [interfaceId]);
  if (targets.length === 0) throw new Invalid(JUDICIAL_MSG.notBought(name));
  // A second package is used once the first is spent: the usable one with the most calls left.
  const target = [...targets].sort((a, b) => Number(b.live && b.callsLeft > 0) - Number(a.live && a.callsLeft > 0) || b.callsLeft - a.callsLeft)[0];
  if (!target?.live || target.callsLeft <= 0) throw new Invalid(JUDICIAL_MSG.unusable(target?.interfaceName ?? name));

  const params = judicialParams(input);
  const itemId = await askOnce(db, gateway.config.secrets.key, account.memberId, ['judicial', interfaceId, ...Object.values(params)], async () => {
    const requestedAt = new Date();
    const { answer, charged, latencyMs } = await callAsOwner(gateway, target, params, ip);
    const kept = keptParams(interfaceId, params);
    const subject = subjectText(interfaceId, kept);
    return keepAnswer(gateway, answer.seqNo, () =>
      db.transaction(async (tx) => {
        const [report] = await tx
          .insert(queryReports)
          .values({ memberId: account.memberId, subject, items: 1, succeeded: answer.code === '10000' ? 1 : 0, kind: 'single', ip: ip.slice(0, 64) })
          .returning({ id: queryReports.id });
        const [item] = await tx
          .insert(queryItems)
          .values({
            reportId: report?.id ?? 0,
            memberId: account.memberId,
            purchaseId: target.purchaseId,
            interfaceId,
            seqNo: answer.seqNo,
            params: kept,
            code: answer.code,
            message: answer.message,
            // A real supplier's records may name parties: kept masked, shown masked in 「JSON」 too.
            data: maskAnswer(answer.data ?? null),
            charged: charged ? 1 : 0,
            latencyMs,
            requestedAt,
            answeredAt: new Date(),
          })
          .returning({ id: queryItems.id });
        return item?.id ?? 0;
      }),
    );
  });
  return judicialDetail(db, account, { id: itemId });
}

/** One of the account's own judicial items (a sub-account: its own); another's reads as missing. */
async function ownItem(db: Db, account: Account, id: number) {
  const [row] = await db
    .select({ item: queryItems, subject: queryReports.subject, interfaceName: interfaces.interfaceName })
    .from(queryItems)
    .innerJoin(queryReports, eq(queryReports.id, queryItems.reportId))
    .innerJoin(interfaces, eq(interfaces.id, queryItems.interfaceId))
    .where(and(eq(queryItems.id, id), eq(queryItems.memberId, account.memberId), inArray(queryItems.interfaceId, FIVE)));
  if (!row) throw new NotFound(JUDICIAL_MSG.queryMissing);
  return row;
}

type Row = Awaited<ReturnType<typeof ownItem>>;

function fileOf({ item, subject, interfaceName }: Row): JudicialCaseFile {
  // A 个人背景核查 of several interfaces names its subject for all of them; a single query's is its own.
  const own = subjectText(item.interfaceId, item.params) || subject;
  return caseFile({
    id: item.id,
    interfaceId: item.interfaceId,
    interfaceName,
    subject: own,
    code: item.code,
    message: item.message,
    data: item.data,
    seqNo: item.seqNo,
    charged: item.charged > 0,
    requestedAt: item.requestedAt.toISOString(),
  });
}

/** UserCenter/judicial/detail. */
export async function judicialDetail(db: Db, account: Account, { id }: JudicialIdInput): Promise<JudicialCaseFile> {
  return fileOf(await ownItem(db, account, id));
}

/** UserCenter/judicial/json: the answer as the interface gave it, persons masked (maskAnswer). */
export async function judicialJson(db: Db, account: Account, { id }: JudicialIdInput): Promise<JudicialRaw> {
  const { item, interfaceName } = await ownItem(db, account, id);
  return {
    id: item.id,
    interfaceId: item.interfaceId,
    interfaceName,
    params: item.params,
    requestedAt: item.requestedAt.toISOString(),
    answer: { code: item.code, message: item.message, data: item.data ?? null, seqNo: item.seqNo },
  };
}

/**
 * The subject filter: a person's name or ID number is compared as it is kept (masked), so 张三
 * finds 张*; a company's name or code by its words.
 */
function subjectWhere(word: string): SQL | undefined {
  if (!word) return undefined;
  const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const param = (k: string) => sql`${queryItems.params}->>${k}`;
  return or(
    sql`${param('name')} = ${maskValue('name', word)}`,
    sql`${param('idcard')} = ${maskValue('idcard', word.toUpperCase())}`,
    ilike(sql`coalesce(${param('keyword')}, '')`, like),
  );
}

/** UserCenter/judicial/list: the account's own queries of the five, newest first. */
export async function judicialList(db: Db, account: Account, f: JudicialListInput): Promise<{ rows: JudicialListRow[]; total: number }> {
  const where = and(
    eq(queryItems.memberId, account.memberId),
    f.interfaceId ? eq(queryItems.interfaceId, f.interfaceId) : inArray(queryItems.interfaceId, FIVE),
    f.from ? gte(queryItems.requestedAt, chinaDayStart(f.from)) : undefined,
    f.to ? lt(queryItems.requestedAt, chinaDayStart(f.to, 1)) : undefined,
    subjectWhere(f.subject),
  );
  const [page, [total]] = await Promise.all([
    db
      .select({ item: queryItems, subject: queryReports.subject, interfaceName: interfaces.interfaceName })
      .from(queryItems)
      .innerJoin(queryReports, eq(queryReports.id, queryItems.reportId))
      .innerJoin(interfaces, eq(interfaces.id, queryItems.interfaceId))
      .where(where)
      .orderBy(desc(queryItems.id))
      .limit(f.pageSize)
      .offset(pageOffset(f)),
    db.select({ n: count() }).from(queryItems).where(where),
  ]);
  return {
    rows: page.map((row) => {
      const file = fileOf(row);
      return {
        id: file.id,
        interfaceId: file.interfaceId,
        interfaceName: file.interfaceName,
        subjectType: file.subjectType,
        subject: file.subject,
        code: file.code,
        message: file.message,
        succeeded: file.succeeded,
        records: file.summary.records,
        headline: file.summary.headline,
        charged: file.charged,
        requestedAt: file.requestedAt,
      };
    }),
    total: total?.n ?? 0,
  };
}
