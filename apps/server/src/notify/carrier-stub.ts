// For the carrier tests: a local HTTP server standing in for a carrier's API. It records each
// request as the carrier would receive it and answers from a script (the last answer repeats).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A production-like configuration (no DEV_TOOLS) with a template id for every kind. */
export const REAL_CARRIER_ENV = {
  DEV_TOOLS: '0',
  WIRE_SIGN_SECRET: 'carrier-test-sign-secret',
  WIRE_AES_SECRET: 'carrier-test-aes-secret',
  SECRETS_KEY: 'carrier-test-secrets-key',
  SMS_SIGNATURE: '数据API市场',
  SMS_TEMPLATE_CODE: 'SMS_100',
  SMS_TEMPLATE_CODE_REGISTER: 'SMS_101',
  SMS_TEMPLATE_MOBILE_CHANGED: 'SMS_200',
  SMS_TEMPLATE_CLOSURE: 'SMS_300',
  SMS_TEMPLATE_ALERT: 'SMS_400',
};

export interface StubRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StubAnswer {
  status?: number;
  json: unknown;
}

export interface CarrierStub {
  /** http://127.0.0.1:port, for SMS_ALIYUN_ENDPOINT / SMS_TENCENT_ENDPOINT. */
  endpoint: string;
  requests: StubRequest[];
  /** The answers to the next requests, in order; the last one answers every request after. */
  answer(...answers: StubAnswer[]): void;
  close(): Promise<void>;
}

export async function startCarrierStub(first: StubAnswer): Promise<CarrierStub> {
  const requests: StubRequest[] = [];
  let script: StubAnswer[] = [first];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://stub'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const next = (script.length > 1 ? script.shift() : script[0]) as StubAnswer;
      res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => {
      script = answers;
    },
    close: async () => {
      // The SDKs keep connections alive; close them rather than wait for their timeout.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
