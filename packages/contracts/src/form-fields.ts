// Field rules of the console's forms, shared by every editor: a form posts text, so numbers,
// switches and ids arrive as strings and each rule reads them the same way, failing with its own
// one message whatever the junk.
import { z } from 'zod';

export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
export const blankToUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v);
export const toNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v === null ? undefined : v);

/** A whole number in a range; '', junk and fractions all answer the one message. */
export const intIn = (min: number, max: number, msg: string) => z.preprocess(toNumber, z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));

/** A checkbox or switch: '1'/'true'/true is on, anything else off. */
export const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

export const text = (min: number, max: number, msg: string) => z.preprocess(trimmed, z.string({ error: msg }).min(min, msg).max(max, msg));

export const id = (msg: string) => z.preprocess(toNumber, z.number({ error: msg }).int(msg).positive(msg).max(999_999_999, msg));
export const optionalId = (msg: string) => z.preprocess(blankToUndefined, id(msg).optional());
