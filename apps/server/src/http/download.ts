// How every spreadsheet leaves the portal: an ASCII name for old clients and the Chinese one
// (RFC 5987) for the rest, never cached since it holds account data. Routes return what this
// returns: the registrar hands Fastify the reply, whether the call is a file call or a list that
// answers its file when asked (Decision 150, `export`).
import { XLSX_TYPE } from '@apimarket/contracts';
import type { FastifyReply } from 'fastify';

export function sendXlsx(reply: FastifyReply, file: Buffer, asciiName: string, name: string): FastifyReply {
  return sendFile(reply, file, XLSX_TYPE, asciiName, name);
}

/** Any other file (a statement's PDF) the same way. */
export function sendFile(reply: FastifyReply, file: Buffer, type: string, asciiName: string, name: string): FastifyReply {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(file);
}
