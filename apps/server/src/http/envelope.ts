// Success envelopes of the portal API (ARCHITECTURE.md): one shape for a value, one for a page.
import { type ListEnvelope, MSG_LIST_OK, MSG_OK, type OkEnvelope, SUCCESS_CODE } from '@apimarket/contracts';

export function ok<T>(data: T, msg: string = MSG_OK): OkEnvelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

export function list<T>(rows: T[], total: number, msg: string = MSG_LIST_OK): ListEnvelope<T> {
  return { code: SUCCESS_CODE, msg, rows, total };
}

/** A list that is never paged: every row, its length the total. */
export function listAll<T>(rows: T[], msg: string = MSG_LIST_OK): ListEnvelope<T> {
  return list(rows, rows.length, msg);
}
