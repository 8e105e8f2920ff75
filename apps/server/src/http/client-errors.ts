// Requests Node cannot read at all — a request line and headers over 16 KiB, a malformed request
// — never reach Fastify's handlers. They are answered here on the socket: under /apiHome in the
// portal's envelope, elsewhere (the open data API) in the gateway's, with a recorded seqNo.
import type { Socket } from 'node:net';
import { ERRORS, type GatewayAnswer, type PlatformCode } from '@apimarket/contracts';
import type { ConnectionError } from 'fastify';

type AnswerGatewayCall = (code: PlatformCode, ip: string) => Promise<GatewayAnswer>;

function write(socket: Socket, status: string, body: unknown) {
  if (!socket.writable) return;
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** Fastify's clientErrorHandler; `gateway` answers (and records) an open data API call, when this process serves it. */
export function clientErrorHandler(gateway: () => AnswerGatewayCall | undefined) {
  return (err: ConnectionError, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.destroy();
      return;
    }
    const overflow = err.code === 'HPE_HEADER_OVERFLOW';
    // What Node had read of the request (a Buffer at run time, whatever the type says).
    const raw: unknown = err.rawPacket;
    const requestLine = Buffer.isBuffer(raw) ? raw.subarray(0, 64).toString('latin1') : '';
    const answer = gateway();
    if (!answer || /^[A-Z]+ \/apiHome(?:[/?\s]|$)/.test(requestLine)) {
      const code = overflow ? 'ALL_0006' : 'ALL_0014';
      write(socket, overflow ? '431 Request Header Fields Too Large' : '400 Bad Request', { code, msg: ERRORS[code].msg });
      return;
    }
    answer(overflow ? 'SYSTEM_047' : 'SYSTEM_043', socket.remoteAddress ?? 'unknown').then(
      (body) => write(socket, '200 OK', body),
      () => socket.destroy(),
    );
  };
}
