// What the benchmarks set up alike: an approved enterprise account with a purchase of 实名认证
// (1882) holding plenty of calls, and a free loopback port for a server of their own.
import net from 'node:net';
import type { Db } from '../src/db/client';
import { members, purchases, qualifications } from '../src/db/schema';
import { newPurchaseKey } from '../src/modules/billing/billing.service';

/** Inserts the account and its purchase (on a migrated, seeded database); answers its key and ids. */
export async function benchPurchase(db: Db, calls = 10_000_000, loginName = 'benchcorp01'): Promise<{ key: string; memberId: number; purchaseId: number }> {
  const [m] = await db.insert(members).values({ loginName, mobile: '13900000001', passwordHash: 'x' }).returning({ id: members.id });
  const memberId = m?.id ?? 0;
  await db.insert(qualifications).values({
    memberId,
    status: 'approved',
    companyName: '压测数据科技有限公司',
    creditCode: '91350100M000100Y43',
    legalPerson: '张三',
    licencePath: '',
    licenceType: 'image/png',
  });
  const key = newPurchaseKey();
  const [p] = await db
    .insert(purchases)
    .values({ memberId, interfaceId: 1882, key, callsTotal: calls, callsLeft: calls, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: purchases.id });
  return { key, memberId, purchaseId: p?.id ?? 0 };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}
