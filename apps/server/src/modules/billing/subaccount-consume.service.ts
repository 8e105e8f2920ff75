// 子账号消费 (Decision 90): a main account reads what its sub-accounts used of the open data API,
// one row per sub-account and interface, from the gateway's call records.
//
// A call belongs to the member the gateway recorded it under. Sub-accounts cannot buy; their calls
// are those made with the keys of their assignments (Decision 176), charged to the main account's
// purchases and recorded under the sub-account, while a sub-account calling with its parent's own
// key is, to the platform, the parent calling. The list therefore counts exactly the calls
// recorded under the sub-accounts' ids, and values them at what each charged call cost.
import { CHINA_TIME_ZONE, pageOffset, SUB_CONSUME_MSG, type SubConsumeListInput, subConsumePeriod, type SubConsumeRow } from '@apimarket/contracts';
import { and, count, desc, eq, gte, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callRecords, interfaces, members } from '../../db/schema';
import { likeLiteral } from '../../db/sql';
import { Forbidden } from '../../http/errors';
import type { Account } from '../account/access';

const CHINA = CHINA_TIME_ZONE;
/** Midnight of a China day, as an instant. */
const chinaMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${CHINA}`;

export async function listSubAccountConsumption(db: Db, account: Account, input: SubConsumeListInput) {
  if (account.isSub) throw new Forbidden(SUB_CONSUME_MSG.subAccount);
  const period = subConsumePeriod(input);
  const where = and(
    eq(members.parentId, account.memberId),
    input.subAccountId ? eq(members.id, input.subAccountId) : undefined,
    input.interfaceId ? eq(callRecords.interfaceId, input.interfaceId) : undefined,
    input.interfaceName ? sql`${interfaces.interfaceName} like ${likeLiteral(input.interfaceName)}` : undefined,
    gte(callRecords.createdAt, chinaMidnight(period.startDate)),
    lt(callRecords.createdAt, sql`${chinaMidnight(period.endDate)} + interval '1 day'`),
  );
  const chargedCalls = sql<string>`coalesce(sum(${callRecords.charged}), 0)::text`;
  // Milli-fen summed exactly, then rounded to the fen once per figure.
  const costFen = sql<string>`round(coalesce(sum(${callRecords.costMfen}), 0) / 1000.0)::text`;
  // Records are read from the sub-accounts' side: members(parent) → call_records(member) uses
  // members_parent_idx and call_records_member_idx.
  const grouped = db
    .select({
      subAccountId: members.id,
      loginName: members.loginName,
      nickname: members.contacter,
      interfaceId: callRecords.interfaceId,
      interfaceName: interfaces.interfaceName,
      calls: count(),
      chargedCalls,
      costFen,
      lastCallAt: max(callRecords.createdAt),
    })
    .from(callRecords)
    .innerJoin(members, eq(members.id, callRecords.memberId))
    .leftJoin(interfaces, eq(interfaces.id, callRecords.interfaceId))
    .where(where)
    .groupBy(members.id, members.loginName, members.contacter, callRecords.interfaceId, interfaces.interfaceName);

  const [rows, [totals]] = await Promise.all([
    grouped.orderBy(desc(chargedCalls), desc(count()), members.id, callRecords.interfaceId).limit(input.pageSize).offset(pageOffset(input)),
    db
      .select({
        groups: sql<number>`count(distinct (${members.id}, coalesce(${callRecords.interfaceId}, 0)))::int`,
        calls: count(),
        chargedCalls,
        costFen,
      })
      .from(callRecords)
      .innerJoin(members, eq(members.id, callRecords.memberId))
      .leftJoin(interfaces, eq(interfaces.id, callRecords.interfaceId))
      .where(where),
  ]);

  return {
    rows: rows.map(
      (r): SubConsumeRow => ({
        subAccountId: r.subAccountId,
        loginName: r.loginName,
        nickname: r.nickname,
        interfaceId: r.interfaceId,
        interfaceName: r.interfaceName ?? '',
        calls: r.calls,
        chargedCalls: Number(r.chargedCalls),
        costFen: Number(r.costFen),
        lastCallAt: r.lastCallAt ? new Date(r.lastCallAt).toISOString() : '',
      }),
    ),
    total: totals?.groups ?? 0,
    period,
    sum: { calls: totals?.calls ?? 0, chargedCalls: Number(totals?.chargedCalls ?? 0), costFen: Number(totals?.costFen ?? 0) },
  };
}
