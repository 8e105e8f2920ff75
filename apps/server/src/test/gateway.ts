// The open data API in tests, called as a customer's system calls it: a form post to the
// interface's path with the purchase key, from the customer's server.
import { eq } from 'drizzle-orm';
import { interfaceDocs, interfaces } from '../db/schema';
import type { TestApp } from './harness';

/** A form post to an interface's path, from the customer's server at `ip`. */
export function gatewayPost(t: TestApp, path: string, fields: Record<string, string>, ip = '203.0.113.20') {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Calls an interface with its documented sample request, `override` on top; answers the gateway's answer. */
export async function callWithSample(t: TestApp, key: string, interfaceId: number, override: Record<string, string> = {}, ip = '203.0.113.20') {
  const [row] = await t.database.db
    .select({ path: interfaces.path, sample: interfaceDocs.sampleRequest })
    .from(interfaces)
    .innerJoin(interfaceDocs, eq(interfaceDocs.interfaceId, interfaces.id))
    .where(eq(interfaces.id, interfaceId));
  const res = await gatewayPost(t, row?.path ?? '', { ...row?.sample, ...override, key }, ip);
  return res.json() as { code: string; seqNo: string };
}
