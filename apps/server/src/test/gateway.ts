// The open data API in tests, called as a customer's system calls it: a form post to the
// interface's path with the purchase key, from the customer's server. An SDK interface's call
// declares its app (X-App-* headers); callWithSample registers that app for the key's buyer.
import { SAMPLE_APP } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { assignments, interfaceDocs, interfaces, packageNames, purchases } from '../db/schema';
import { forget } from '../memo';
import type { TestApp } from './harness';

/** The app callWithSample declares for SDK interfaces (and registers, enabled, for the buyer): the pages' example. */
export const TEST_APP = SAMPLE_APP;

/** The X-App-* headers declaring an app. */
export const appHeaders = (app: { platform: string; packageName: string; signature?: string }): Record<string, string> => ({
  'x-app-platform': app.platform,
  'x-app-package': app.packageName,
  ...(app.signature ? { 'x-app-signature': app.signature } : {}),
});

/** A form post to an interface's path, from the customer's server at `ip`. */
export function gatewayPost(t: TestApp, path: string, fields: Record<string, string>, ip = '203.0.113.20', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The account whose 包名管理 list a key's calls are checked against: the purchase's buyer. */
async function buyerOf(t: TestApp, key: string): Promise<number | null> {
  const db = t.database.db;
  const [own] = await db.select({ memberId: purchases.memberId }).from(purchases).where(eq(purchases.key, key));
  if (own) return own.memberId;
  const [assigned] = await db
    .select({ memberId: purchases.memberId })
    .from(assignments)
    .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
    .where(eq(assignments.key, key));
  return assigned?.memberId ?? null;
}

/** Registers TEST_APP, enabled, for the key's buyer (idempotent). */
export async function registerTestApp(t: TestApp, key: string): Promise<void> {
  const memberId = await buyerOf(t, key);
  if (memberId === null) return;
  await t.database.db
    .insert(packageNames)
    .values({
      memberId,
      platform: TEST_APP.platform,
      packageName: TEST_APP.packageName,
      packageKey: TEST_APP.packageName,
      appName: '测试应用',
      signature: TEST_APP.signature,
    })
    .onConflictDoNothing();
  forget('whitelist', memberId);
}

/**
 * Calls an interface with its documented sample request, `override` on top; answers the gateway's
 * answer. An SDK interface's call declares TEST_APP, registered for the buyer first.
 */
export async function callWithSample(t: TestApp, key: string, interfaceId: number, override: Record<string, string> = {}, ip = '203.0.113.20') {
  const [row] = await t.database.db
    .select({ path: interfaces.path, sample: interfaceDocs.sampleRequest, sdk: interfaces.sdk })
    .from(interfaces)
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(eq(interfaces.id, interfaceId));
  if (row?.sdk) await registerTestApp(t, key);
  const res = await gatewayPost(t, row?.path ?? '', { ...row?.sample, ...override, key }, ip, row?.sdk ? appHeaders(TEST_APP) : {});
  return res.json() as GatewayAnswerJson;
}

/** A gateway answer as the customer's system reads it. */
export interface GatewayAnswerJson {
  code: string;
  message: string;
  seqNo: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever fields the interface answers.
  data: any;
}
