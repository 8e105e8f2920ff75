// The console's suppliers through the real calls on PGlite (issue #24): the editors keep suppliers
// and routes with every malformed field refused in words; credentials are write-only — never in
// an answer, the audit log or a log line, kept when an edit leaves them blank, cleared on request;
// a route reaches the gateway at once and its removal hands the interface back to the sandbox; the
// report's figures equal the call records' sums, and finance reads the report but edits nothing.
import { chinaDay, SUPPLIER_MSG } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecords, consoleAudit, supplierRoutes } from '../../db/schema';
import { qualifiedAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { consolePost, consoleTestApp } from '../../test/console';
import { callWithSample } from '../../test/gateway';
import { logCapture } from '../../test/harness';
import { type SupplierStub, startSupplierStub } from '../../test/supplier-stub';

const IFACE = 1979;
const SECRET = 'tok-9d8c7b6a5f4e';
const { lines: logLines, stream } = logCapture();
const { t, ops, describeRoleMatrix } = consoleTestApp({ logStream: stream });
let stub: SupplierStub;
let key = '';
const db = () => t.database.db;
const editor = (p: string, fields: Record<string, string> = {}) => consolePost(t, `suppliers/${p}`, ops.editor, fields).then((r) => r.json());
const call = () => callWithSample(t, key, IFACE);
const ROUTE = {
  interfaceId: String(IFACE),
  endpoint: '',
  credentials: '',
  timeoutMs: '2000',
  priority: '1',
  weight: '100',
  costYuan: '0.035',
  paramMap: '',
  fieldMap: '',
  codeMap: '',
  enabled: 'true',
};
let supplierId = 0;
let routeId = 0;

beforeAll(async () => {
  stub = await startSupplierStub({ answer: () => ({ code: '10000', message: '成功', data: { result: '1', desc: '一致', by: 'stub' } }) });
  ROUTE.endpoint = `${stub.url}/mobile/verify`;
  const buyer = await qualifiedAccount(t, '10.76.0.1');
  key = await buyCheapest(t, buyer, IFACE);
});
afterAll(() => stub.close());

describeRoleMatrix('suppliers', { 'suppliers/list': {}, 'suppliers/routes': { interfaceId: String(IFACE) }, 'suppliers/save': { name: '' } });
describeRoleMatrix('supplierReport', { 'supplierReport/report': { from: '2026-01-01', to: '2026-01-02' } });

describe('suppliers', () => {
  it('adds one, refusing a taken name and every malformed field in words', async () => {
    const added = await editor('save', { name: '甲数据', maxConcurrent: '8', maxQueue: '4', status: 'enabled', remark: '主供应商' });
    expect(added).toMatchObject({ code: 200, msg: SUPPLIER_MSG.saved, data: { name: '甲数据', maxConcurrent: 8, maxQueue: 4, routes: 0, breaker: 'closed' } });
    supplierId = added.data.id;
    expect(await editor('save', { name: '甲数据', maxConcurrent: '8', maxQueue: '4', status: 'enabled' })).toMatchObject({
      code: 'ALL_0013',
      msg: SUPPLIER_MSG.nameTaken('甲数据'),
    });
    expect(await editor('save', { name: '甲', maxConcurrent: '8', maxQueue: '4', status: 'enabled' })).toMatchObject({ msg: SUPPLIER_MSG.name });
    expect(await editor('save', { name: '乙数据', maxConcurrent: '0', maxQueue: '4', status: 'enabled' })).toMatchObject({ msg: SUPPLIER_MSG.maxConcurrent });
    expect(await editor('save', { name: '乙数据', maxConcurrent: '8', maxQueue: '-1', status: 'enabled' })).toMatchObject({ msg: SUPPLIER_MSG.maxQueue });
    expect(await editor('save', { name: '乙数据', maxConcurrent: '8', maxQueue: '4', status: 'maybe' })).toMatchObject({ msg: SUPPLIER_MSG.status });
    expect(await editor('save', { id: '999999', name: '乙数据', maxConcurrent: '8', maxQueue: '4', status: 'enabled' })).toMatchObject({ code: 'ALL_0011' });
    expect((await editor('list')).data.map((s: { name: string }) => s.name)).toEqual(['甲数据']);
  });
});

describe('routes', () => {
  it('refuses every malformed field in words, before anything is saved', async () => {
    const base = { ...ROUTE, supplierId: String(supplierId) };
    expect(await editor('saveRoute', { ...base, endpoint: 'ftp://x.example/a' })).toMatchObject({ msg: SUPPLIER_MSG.endpoint });
    expect(await editor('saveRoute', { ...base, endpoint: 'https://user:pw@x.example/a' })).toMatchObject({ msg: SUPPLIER_MSG.endpoint });
    expect(await editor('saveRoute', { ...base, credentials: 'no colon here' })).toMatchObject({ msg: SUPPLIER_MSG.credentials });
    expect(await editor('saveRoute', { ...base, credentials: 'Host: evil.example' })).toMatchObject({ msg: SUPPLIER_MSG.credentialHeader('Host') });
    expect(await editor('saveRoute', { ...base, timeoutMs: '50' })).toMatchObject({ msg: SUPPLIER_MSG.timeout });
    expect(await editor('saveRoute', { ...base, priority: '10' })).toMatchObject({ msg: SUPPLIER_MSG.priority });
    expect(await editor('saveRoute', { ...base, weight: '0' })).toMatchObject({ msg: SUPPLIER_MSG.weight });
    expect(await editor('saveRoute', { ...base, costYuan: '0.0000001' })).toMatchObject({ msg: SUPPLIER_MSG.cost });
    expect(await editor('saveRoute', { ...base, paramMap: 'mobile=phone=x' })).toMatchObject({ msg: SUPPLIER_MSG.map('参数映射') });
    expect(await editor('saveRoute', { ...base, codeMap: 'E1=ok' })).toMatchObject({ msg: SUPPLIER_MSG.codeMap });
    expect(await editor('saveRoute', { ...base, interfaceId: '999999' })).toMatchObject({ code: 'ALL_0011', msg: SUPPLIER_MSG.interfaceMissing });
    expect(await editor('saveRoute', { ...base, supplierId: '999999' })).toMatchObject({ code: 'ALL_0011', msg: SUPPLIER_MSG.supplierMissing });
    expect(await db().select().from(supplierRoutes)).toEqual([]);
  });

  it('saves a route with write-only credentials, which the gateway then calls', async () => {
    const saved = await editor('saveRoute', {
      ...ROUTE,
      supplierId: String(supplierId),
      credentials: `X-Api-Key: ${SECRET}\nX-Tenant: apimarket`,
      codeMap: 'E206=10006',
    });
    expect(saved).toMatchObject({
      code: 200,
      data: { supplierName: '甲数据', credentialNames: ['X-Api-Key', 'X-Tenant'], costYuan: '0.035', codeMap: 'E206=10006' },
    });
    routeId = saved.data.id;
    const res = await call();
    expect(res).toMatchObject({ code: '10000', data: { by: 'stub' } });
    expect(stub.received.at(-1)?.headers['x-api-key']).toBe(SECRET);
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, res.seqNo));
    expect(rec).toMatchObject({ supplierId, supplierCostMfen: 3500, provider: '甲数据' });

    // Never shown again: not in the route list, the audit log, or any log line.
    const listed = await editor('routes', { interfaceId: String(IFACE) });
    expect(listed.data).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect(JSON.stringify(await db().select().from(consoleAudit))).not.toContain(SECRET);
    expect(logLines.join('\n')).not.toContain(SECRET);
    expect(await editor('saveRoute', { ...ROUTE, supplierId: String(supplierId) })).toMatchObject({ code: 'ALL_0013', msg: SUPPLIER_MSG.duplicateRoute });
  });

  it('keeps the credentials when an edit leaves them blank, and clears them on request', async () => {
    await editor('saveRoute', { ...ROUTE, id: String(routeId), supplierId: String(supplierId), timeoutMs: '1500' });
    await call();
    expect(stub.received.at(-1)?.headers['x-api-key']).toBe(SECRET);
    const cleared = await editor('saveRoute', { ...ROUTE, id: String(routeId), supplierId: String(supplierId), clearCredentials: 'true' });
    expect(cleared.data.credentialNames).toEqual([]);
    await call();
    expect(stub.received.at(-1)?.headers['x-api-key']).toBeUndefined();
  });

  it('hands the interface back to the sandbox when its route is deleted', async () => {
    expect(await editor('deleteRoute', { id: String(routeId) })).toMatchObject({ code: 200, msg: SUPPLIER_MSG.deleted });
    const res = await call();
    expect(res.code).toBe('10000');
    expect(res.data.by).toBeUndefined();
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, res.seqNo));
    expect(rec).toMatchObject({ supplierId: null, provider: 'sandbox', attempts: null });
    expect(await editor('deleteRoute', { id: String(routeId) })).toMatchObject({ code: 'ALL_0011' });
    const actions = (await db().select({ action: consoleAudit.action }).from(consoleAudit)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['supplier.create', 'supplier.route.create', 'supplier.route.edit', 'supplier.route.delete']));
  });
});

describe('the report', () => {
  it('equals the call records: attempts, cost, revenue and margin; finance may read it', async () => {
    const today = chinaDay();
    const report = (await consolePost(t, 'supplierReport/report', ops.finance, { from: today, to: today })).json();
    expect(report.code).toBe(200);
    const records = await db().select().from(callRecords).where(eq(callRecords.supplierId, supplierId));
    const [row] = report.data.rows;
    expect(row).toMatchObject({ supplierId, supplierName: '甲数据', interfaceId: IFACE, tried: records.length, answered: records.length, successRate: 1 });
    expect(row.costMfen).toBe(records.reduce((s, r) => s + r.supplierCostMfen, 0));
    expect(row.revenueMfen).toBe(records.reduce((s, r) => s + r.costMfen, 0));
    expect(row.marginMfen).toBe(row.revenueMfen - row.costMfen);
    expect(row.p50).toBeGreaterThanOrEqual(0);
    expect(report.data.days).toEqual([expect.objectContaining({ day: today, tried: records.length })]);
    expect((await consolePost(t, 'supplierReport/report', ops.finance, { from: today, to: '2020-01-01' })).json()).toMatchObject({
      msg: SUPPLIER_MSG.reportRange,
    });
    expect((await consolePost(t, 'suppliers/list', ops.finance)).json()).toMatchObject({ code: 'ALL_0010' });
  });
});
