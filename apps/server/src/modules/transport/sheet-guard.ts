// A vehicle sheet holds at most 200 rows of two short columns: its xlsx inflates to a few hundred
// kilobytes. The shared batch reader (modules/online) allows 320 MB of inflated XML for its 20 MB
// files, counted from the sizes the zip's directory declares — a 2 MB file built to inflate a
// thousandfold, to lie about its sizes, or to hide entries between the listed ones would be
// inflated and parsed whole. So a vehicle xlsx is inflated here first, entry by entry, with the
// bytes actually produced counted against a small cap (lib/zip-guard.ts), and what the reader gets
// is a rebuilt, uncompressed copy of exactly those entries: nothing is left for it to inflate.
import { ONLINE_MSG } from '@apimarket/contracts';
import { Invalid } from '../../http/errors';
import { inflateEntries, storedZip, ZipTooBig } from '../../lib/zip-guard';

/** Bytes a vehicle xlsx may inflate to (all entries together): generous for 200 rows with styles. */
export const VEHICLE_SHEET_INFLATED_MAX = 16 * 1024 * 1024;

/**
 * The vehicle xlsx as the sheet reader may read it: its listed entries inflated within
 * VEHICLE_SHEET_INFLATED_MAX and stored again uncompressed. Refused as too big past the cap, as
 * unreadable when it is no zip.
 */
export async function boundedXlsx(content: Buffer, max = VEHICLE_SHEET_INFLATED_MAX): Promise<Buffer> {
  try {
    return storedZip((await inflateEntries(content, { max, keep: true })).map((e) => ({ name: e.name, bytes: e.bytes ?? Buffer.alloc(0) })));
  } catch (err) {
    if (err instanceof ZipTooBig) throw new Invalid(ONLINE_MSG.fileTooBig);
    throw new Invalid(ONLINE_MSG.fileUnreadable);
  }
}
