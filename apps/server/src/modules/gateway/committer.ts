// Group commit for the open data API. Every answered call needs its record (and, when billable,
// its charge) durable before the answer leaves, but one transaction per call caps an embedded
// database at a few thousand calls per second. So calls queue here and are written together:
// one statement (the database function gateway_commit, migrations 0011–0023) takes the charges of
// the whole group and inserts all its records; each caller's answer is released when that
// statement has committed. While a group commits, the next one gathers — the busier the gateway, the bigger
// the groups, and at low load a call waits for nothing but its own commit.
//
// The charge stays exact under concurrency, in this process and across several server processes
// on one PostgreSQL: the purchases of a group are locked (in id order, so two processes cannot
// deadlock) and each gets min(calls left, calls asked); the calls of a group beyond that are
// answered SYSTEM_002 and recorded as such, exactly as a lost race was before.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SupplierTrace } from '../../providers/types';

export interface CallRecord {
  seqNo: string;
  memberId: number | null;
  purchaseId: number | null;
  /** A sub-account's call made with its assignment's key (gateway_commit v4 keeps its allotment). */
  assignmentId?: number | null;
  interfaceId: number | null;
  code: string;
  billable: boolean;
  latencyMs: number;
  ip: string;
  params: Record<string, string>;
  provider: string;
  /** Through the suppliers (issue #24): the one that answered, its charge and time, every one tried. */
  supplier?: Pick<SupplierTrace, 'answeredBy' | 'costMfen' | 'ms' | 'attempts'> | null;
}

/** What the commit decided for one call. */
export interface Committed {
  /** A billable call got its charge. False for a billable call that found no calls left. */
  charged: boolean;
}

/** Purchases after a group: how many calls each has left, and whether it renews itself. */
export interface PurchaseAfter {
  id: number;
  callsLeft: number;
  autoRenew: boolean;
}

/** One group's effect, for what reacts to calls (renewal, alerts). */
export interface CommitSummary {
  /** The purchases it charged, with what they have left now. */
  purchases: PurchaseAfter[];
  /** Each call of an account, as recorded. */
  calls: Array<{ memberId: number; interfaceId: number | null; code: string; charged: boolean }>;
}

interface Pending {
  record: CallRecord;
  resolve: (c: Committed) => void;
  reject: (err: unknown) => void;
}

export interface CommitterOptions {
  db: Db;
  logger: FastifyBaseLogger;
  /** The most calls one transaction writes (bounded so one statement's parameters stay small). */
  maxGroup?: number;
  /** After each commit (never on the answer's path): what the group did. */
  afterCommit?: (summary: CommitSummary) => void;
}

export class CallCommitter {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private readonly maxGroup: number;

  constructor(private readonly options: CommitterOptions) {
    this.maxGroup = options.maxGroup ?? 500;
  }

  /** Queue one call; resolves when its record (and charge) are committed. */
  submit(record: CallRecord): Promise<Committed> {
    return new Promise<Committed>((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      if (!this.running) this.running = this.drain();
    });
  }

  /** Resolves once everything queued so far is committed (shutdown, tests). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the calls that arrive in this turn of the event loop join the first group.
    await new Promise<void>((r) => setImmediate(r));
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, this.maxGroup);
        await this.commitGroup(group);
      }
    } finally {
      this.running = null;
    }
  }

  private async commitGroup(group: Pending[]): Promise<void> {
    let written: Awaited<ReturnType<CallCommitter['write']>>;
    try {
      written = await this.write(group.map((p) => p.record));
    } catch (err) {
      if (group.length === 1) {
        (group[0] as Pending).reject(err);
        return;
      }
      // One bad record must not fail its neighbours: write them one by one.
      this.options.logger.warn({ err, size: group.length }, 'call group failed to commit; committing one by one');
      for (const p of group) await this.commitGroup([p]);
      return;
    }
    // Committed: nothing below may send the group to the database again.
    group.forEach((p, i) => {
      p.resolve(written.decided[i] as Committed);
    });
    if (!this.options.afterCommit) return;
    const calls: CommitSummary['calls'] = [];
    group.forEach((p, i) => {
      const { memberId, interfaceId, code, billable } = p.record;
      const charged = written.decided[i]?.charged ?? false;
      if (memberId !== null) calls.push({ memberId, interfaceId, code: billable && !charged ? 'SYSTEM_002' : code, charged });
    });
    try {
      this.options.afterCommit({ purchases: written.after, calls });
    } catch (err) {
      this.options.logger.error({ err }, 'after-commit hook failed');
    }
  }

  /**
   * One statement, so one round trip and one implicit transaction: the group goes as one JSON
   * parameter to gateway_commit() (migrations 0011–0031), which charges the purchases it bills,
   * inserts every record and adds them to call_stats, answering per call whether it was charged.
   */
  private async write(records: CallRecord[]): Promise<{ decided: Committed[]; after: PurchaseAfter[] }> {
    const input = JSON.stringify(
      records.map((r, i) => ({
        i,
        seq_no: r.seqNo,
        member_id: r.memberId,
        purchase_id: r.purchaseId,
        assignment_id: r.assignmentId ?? null,
        interface_id: r.interfaceId,
        code: r.code,
        billable: r.billable && r.purchaseId !== null,
        latency_ms: r.latencyMs,
        ip: r.ip,
        params: r.params,
        provider: r.provider,
        supplier_id: r.supplier?.answeredBy ?? null,
        supplier_cost_mfen: r.supplier?.costMfen ?? 0,
        supplier_ms: r.supplier?.ms ?? null,
        attempts: r.supplier ? r.supplier.attempts : null,
      })),
    );
    const result = await this.options.db.execute(sql`select * from gateway_commit(${input}::jsonb)`);
    const decided: Committed[] = [];
    const after = new Map<number, PurchaseAfter>();
    for (const row of (result as unknown as { rows: Array<Record<string, unknown>> }).rows) {
      decided.push({ charged: row.got === true });
      if (row.purchase_id !== null && row.purchase_id !== undefined) {
        const id = Number(row.purchase_id);
        after.set(id, { id, callsLeft: Number(row.calls_left), autoRenew: row.auto_renew === true });
      }
    }
    if (decided.length !== records.length) throw new Error(`call group answered ${decided.length} of ${records.length} rows`);
    return { decided, after: [...after.values()] };
  }
}
