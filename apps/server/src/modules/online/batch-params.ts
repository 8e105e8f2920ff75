// A batch row's parameters at rest (Decisions 19, 121, 126): sealed under SECRETS_KEY as the sheet
// is read, so no clear identity number is ever written to batch_job_rows — nor, through an UPDATE
// or DELETE of the row, to PostgreSQL's WAL and dead tuples. Two readers open them, in memory
// only: the runner for the call, and the owner's result download, which puts the customer's own
// inputs beside the answers. Nothing else does, and nothing logs them.
//
// Stored in the params jsonb (no column of its own) as the masked values beside the sealed clear
// ones: { "$enc": "v1:<base64>", "name": "张*", "idcard": "110101********4514" }. Whatever reads
// the row without the key sees what lists show anyway. "$enc" cannot be a parameter: a sheet's
// columns are the interface's parameter names, which start with a letter. The sealed values stay
// after the call, until retention deletes the job. Rows written before sealing (clear, no "$enc")
// still read; they are masked once called.
import type { Config } from '../../config';
import { seal, unseal } from '../account/keys.service';
import { maskParams } from '../gateway/mask';

const SEALED = '$enc';
/** v1: AES-256-GCM under sha256(SECRETS_KEY) bound to the row (keys.service seal), of the JSON of the clear parameters. */
const V1 = 'v1:';

/** A ciphertext copied to another row (or another job) does not open. */
const context = (jobId: number, rowNo: number) => Buffer.from(`batch-row-params:${jobId}:${rowNo}`, 'utf8');

export const isSealed = (stored: Record<string, string>): boolean => typeof stored[SEALED] === 'string';

/** What a row is written with when the sheet is read: the masked values and the sealed clear ones. */
export function sealRowParams(config: Config, jobId: number, rowNo: number, clear: Record<string, string>): Record<string, string> {
  return { ...maskParams(clear), [SEALED]: V1 + seal(config, JSON.stringify(clear), context(jobId, rowNo)) };
}

/**
 * The clear parameters, for the call. Throws (never guesses) when the value was sealed under
 * another SECRETS_KEY or for another row, or in a version this build does not know.
 */
export function openRowParams(config: Config, jobId: number, rowNo: number, stored: Record<string, string>): Record<string, string> {
  const sealed = stored[SEALED];
  if (typeof sealed !== 'string') return stored; // written before rows were sealed: clear
  if (!sealed.startsWith(V1)) throw new Error(`batch row ${jobId}/${rowNo}: unknown sealing version`);
  return JSON.parse(unseal(config, sealed.slice(V1.length), context(jobId, rowNo))) as Record<string, string>;
}

/**
 * The customer's own inputs for the owner's result file: the clear values when the row is sealed
 * and opens, else what lists show (a row written before sealing and since called holds masked ones).
 */
export function ownerRowParams(config: Config, jobId: number, rowNo: number, stored: Record<string, string>, called: boolean): Record<string, string> {
  if (!isSealed(stored)) return shownRowParams(stored, called);
  try {
    return openRowParams(config, jobId, rowNo, stored);
  } catch {
    // Sealed under a SECRETS_KEY since replaced: the masked values are all that is left.
    return shownRowParams(stored, called);
  }
}

/** What a row keeps after its call: a sealed row as it is (for the result file), a clear one masked. */
export const calledRowParams = (stored: Record<string, string>): Record<string, string> => (isSealed(stored) ? stored : maskParams(stored));

/** The parameters as lists and details show them: masked, whatever the row holds. */
export function shownRowParams(stored: Record<string, string>, called: boolean): Record<string, string> {
  if (isSealed(stored)) {
    const { [SEALED]: _, ...masked } = stored;
    return masked;
  }
  // A row written before sealing and not yet called still holds its parameters in clear.
  return called ? stored : maskParams(stored);
}
