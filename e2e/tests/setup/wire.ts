// Portal API calls from a journey's request context, signed and sealed the way the browser's
// client sends them (the web's own buildRequest), so a journey can set up an account without
// walking through the pages. Cookies (the session) stay in the request context.
import { COOKIE } from '@apimarket/contracts';
import { encryptField } from '@apimarket/contracts/wire-crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { buildRequest, type RequestOptions } from '../../../apps/web/src/lib/api/build';

type Wire = { signSecret: string; aesSecret: string };
const wires = new WeakMap<APIRequestContext, Wire>();

async function wireOf(request: APIRequestContext): Promise<Wire> {
  let wire = wires.get(request);
  if (!wire) {
    wire = (await (await request.get('/__wire.json')).json()) as Wire;
    wires.set(request, wire);
  }
  return wire;
}

/** One portal call; answers the body and fails the journey on anything but code 200. */
export async function call<T = { code: number; msg: string }>(request: APIRequestContext, path: string, options: RequestOptions = {}): Promise<T> {
  const wire = await wireOf(request);
  const cookies = (await request.storageState()).cookies;
  const cookie = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  const env = { ...wire, token: '', tourisToken: cookie(COOKIE.tourisToken), isLogin: cookie(COOKIE.membershipId) !== '', now: Date.now() };
  const { url, init } = buildRequest(path, options, env, (v) => encryptField(v, wire.aesSecret));
  const headers = init.headers as Record<string, string>;
  const res =
    init.body instanceof FormData
      ? await request.post(url, { headers, multipart: init.body })
      : init.method === 'GET'
        ? await request.get(url, { headers })
        : await request.post(url, { headers, data: String(init.body ?? '') });
  const body = await res.json();
  expect(body, `${path}: ${JSON.stringify(body)}`).toMatchObject({ code: 200 });
  return body as T;
}
