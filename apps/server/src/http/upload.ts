// A multipart upload of one file with its text fields (the wire conventions ride in the query):
// the file's presence, the fields parsed by the call's declared schema, the file's type by its
// extension and its size — checked in that order, each refusal with the caller's own message.
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, Invalid } from './errors';
import { parseInput } from './parse';

export interface UploadRules {
  /** The largest file accepted; without it, the server's multipart limit. */
  maxBytes?: number;
  /** Accepted extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** The name kept for the file (the client's, unless the caller cleans it). */
  name?: (filename: string) => string;
}

export interface UploadMessages {
  missing: string;
  type: string;
  size: string;
}

export interface Upload<I> {
  input: I;
  name: string;
  /** Lower case, without the dot. */
  extension: string;
  content: Buffer;
}

export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  rules: UploadRules,
  msg: UploadMessages,
): Promise<Upload<z.output<S>>> {
  if (!request.isMultipart()) throw new AppError('ALL_0007');
  const file = await request.file(rules.maxBytes === undefined ? undefined : { limits: { fileSize: rules.maxBytes } });
  if (!file) throw new Invalid(msg.missing);
  const fields = Object.fromEntries(
    Object.values(file.fields).flatMap((f) => (f && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, String(f.value)]] : [])),
  );
  const input = parseInput(schema, fields);
  const name = rules.name ? rules.name(file.filename) : file.filename;
  const extension = path.extname(name).slice(1).toLowerCase();
  if (!rules.extensions.includes(extension)) throw new Invalid(msg.type);
  try {
    return { input, name, extension, content: await file.toBuffer() };
  } catch {
    throw new AppError('ALL_0006', msg.size);
  }
}
