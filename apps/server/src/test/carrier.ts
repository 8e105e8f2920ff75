// The SMS carrier adapters' tests: a local stub of the carrier, a production-like app sending
// through it, and the behaviour every adapter owes the outbox (describeCarrierContract).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { type CarrierStub, REAL_CARRIER_ENV, type StubAnswer, type StubRequest, startCarrierStub } from '../notify/carrier-stub';
import { createNotifier, type Message, type OutboxNotifier, RETRY_AFTER_MS } from '../notify/index';
import { fileTestApp } from './harness';

export interface Carrier {
  provider: 'aliyun' | 'tencent';
  /** The settings that point the carrier at the stub. */
  env(endpoint: string): Record<string, string>;
  /** Its answers: accepted, refused for now (flow control), refused for good (a template it does not know). */
  answers: { ok: StubAnswer; flowControl: StubAnswer; badTemplate: StubAnswer };
  /** The requests the stub received for one phone (other tests' queued rows retry too). */
  requestsTo(requests: StubRequest[], phone: string): StubRequest[];
  /** The template and the variables a request names, as that carrier writes them. */
  templateOf(request: StubRequest): { template: unknown; params: unknown };
  /** templateOf the mobile_changed notice to 139****0000. */
  mobileChanged: { template: string; params: unknown };
  /** What the outbox records of each answer. */
  recorded: { receipt: string; flowControl: string; badTemplate: string };
}

/** The file's stub, app and notifier, started before its tests (and stopped after them). */
export function carrierTestApp(carrier: Carrier) {
  const stub = {} as CarrierStub;
  beforeAll(async () => {
    Object.assign(stub, await startCarrierStub(carrier.answers.ok));
  });
  afterAll(async () => {
    if (stub.close) await stub.close();
  });
  const t = fileTestApp(() => ({ env: { ...REAL_CARRIER_ENV, SMS_PROVIDER: carrier.provider, ...carrier.env(stub.endpoint) } }));
  const notifier = {} as OutboxNotifier;
  beforeAll(() => {
    // The app's own notifier sends the same way; this one also exposes the job's retry pass.
    Object.assign(notifier, createNotifier(t.config, t.database.db));
  });
  return {
    stub,
    t,
    notifier,
    rowsTo: (phone: string) => t.database.db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(outbox.id),
    requestsTo: (phone: string) => carrier.requestsTo(stub.requests, phone),
    /** A moment `ms` after the row was made, for the retry pass. */
    at: (row: { createdAt: Date }, ms: number) => new Date(row.createdAt.getTime() + ms),
  };
}

/** A notifier whose carrier endpoint is a port nobody listens on. */
async function offlineNotifier(kit: ReturnType<typeof carrierTestApp>, provider: Carrier['provider']): Promise<OutboxNotifier> {
  const closed = await startCarrierStub({ json: {} });
  await closed.close();
  const { config } = kit.t;
  const endpoint = { protocol: 'http', host: closed.endpoint.slice('http://'.length) } as const;
  return createNotifier({ ...config, sms: { ...config.sms, [provider]: { ...config.sms[provider], endpoint } } }, kit.t.database.db);
}

/** What each carrier's adapter must do with a refusal, for now or for good, and with a carrier it cannot reach. */
export function describeCarrierContract(carrier: Carrier, kit: ReturnType<typeof carrierTestApp>, phones: [string, string, string]) {
  const { stub, rowsTo, requestsTo, at } = kit;
  const [flowControlled, badTemplate, unreachable] = phones;

  /** Sends a notice by SMS; answers what send said and the outbox row it made. */
  const sendNotice = async (to: string, notice: Omit<Message, 'channel' | 'to'>) => {
    const { status } = await kit.notifier.send({ channel: 'sms', to, ...notice });
    const [row] = await rowsTo(to);
    if (!row) throw new Error('no row');
    return { status, row };
  };

  it('keeps a flow-controlled message queued; the retry job sends it once due', async () => {
    stub.answer(carrier.answers.flowControl, carrier.answers.ok);
    const { status, row: queued } = await sendNotice(flowControlled, {
      body: '您的账号绑定手机号已更换为139****0000，如非本人操作请立即联系客服。',
      template: { kind: 'mobile_changed', params: { mobile: '139****0000' } },
    });
    expect(status).toBe('queued');
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: carrier.recorded.flowControl });

    // Not before its time…
    await kit.notifier.retryDue(at(queued, RETRY_AFTER_MS[0] - 1_000));
    expect(requestsTo(flowControlled)).toHaveLength(1);
    // …then the same template and variables go out again.
    await kit.notifier.retryDue(at(queued, RETRY_AFTER_MS[0]));
    const requests = requestsTo(flowControlled);
    expect(requests).toHaveLength(2);
    expect(requests[1] && carrier.templateOf(requests[1])).toEqual(carrier.mobileChanged);
    expect(await rowsTo(flowControlled)).toMatchObject([{ status: 'sent', attempts: 2, lastError: carrier.recorded.receipt }]);
  });

  it('fails a bad template at once with the carrier reason, and never retries it', async () => {
    stub.answer(carrier.answers.badTemplate);
    const { status, row } = await sendNotice(badTemplate, {
      body: '您的数据API市场账号demo已连续12个月未登录，已标记待注销。',
      template: { kind: 'closure', params: { name: 'demo' } },
    });
    expect(status).toBe('failed');
    await kit.notifier.retryDue(at(row, 24 * 3600_000));
    expect(requestsTo(badTemplate)).toHaveLength(1);
    expect(await rowsTo(badTemplate)).toMatchObject([{ status: 'failed', attempts: 1, lastError: carrier.recorded.badTemplate }]);
  });

  it('records a connection failure as transient, without the phone or the code in the reason', async () => {
    const offline = await offlineNotifier(kit, carrier.provider);
    const sent = await offline.send({ channel: 'sms', to: unreachable, body: '验证码 246810', template: { kind: 'code', params: { code: '246810' } } });
    expect(sent.status).toBe('queued');
    const [row] = await rowsTo(unreachable);
    expect(row?.lastError).toMatch(/^ECONNREFUSED: /);
    expect(row?.lastError).not.toContain(unreachable);
    expect(row?.lastError).not.toContain('246810');
  });
}
