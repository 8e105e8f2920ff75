// The suppliers' records (issue #24): what the router's breakers did, recorded and told to the
// operations team. The console's supplier and route editing and the operator's report build on
// these tables.
import { chinaReading } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { supplierEvents, suppliers } from '../../db/schema';
import type { Notifier } from '../../notify';
import type { BreakerState } from './router';

export interface BreakerDeps {
  db: Db;
  notifier: Notifier;
  opsEmail: string;
  logger: FastifyBaseLogger;
}

/** A breaker's opening or closing as this process saw it: recorded, and mailed to the operations team. */
export async function recordBreaker(deps: BreakerDeps, supplierId: number, state: BreakerState, reason: string): Promise<void> {
  const at = new Date();
  await deps.db.insert(supplierEvents).values({ supplierId, state, reason: reason.slice(0, 200), at });
  const [row] = await deps.db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, supplierId));
  const name = row?.name ?? `供应商 ${supplierId}`;
  const opened = state === 'open';
  const { status } = await deps.notifier.send({
    channel: 'email',
    to: deps.opsEmail,
    subject: opened ? `【熔断】供应商「${name}」已熔断，调用转往备用供应商` : `【恢复】供应商「${name}」已恢复调用`,
    body: [
      `供应商：${name}（编号 ${supplierId}）`,
      `时间：${chinaReading(at)}`,
      opened
        ? `原因：${reason || '调用失败率超过阈值'}。熔断期间该供应商的线路暂不调用，接口按优先级转往其他供应商；冷却后以真实调用探测，成功即恢复。`
        : '探测调用已成功，该供应商的线路恢复调用。',
      '详情见运营后台「供应商」。',
    ].join('\n'),
  });
  if (status === 'failed') deps.logger.warn({ supplierId, state }, 'the breaker mail could not be sent');
}
