// An uploaded zip (an xlsx) is only as honest as its sender. Its central directory declares each
// entry's sizes, but what a reader inflates is what the data holds: a file may understate its
// entries, or carry entries its directory never lists, and a reader walking the local headers
// (exceljs's streaming reader does) inflates them all. So a zip is walked here first, entry by
// listed entry (yauzl, validateEntrySizes: an entry that inflates past or short of its declared
// size fails), counting the bytes actually produced against caps; entries must not overlap nor
// leave bytes between them. What a reader is then given is rebuilt from what was checked: a local
// header written from the directory's values, followed by exactly the entry's checked data.
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** A zip past a cap: in all, or one part past its own. */
export class ZipTooBig extends Error {}
/** Not a zip we read: malformed, entries that lie about their sizes, overlap, or hide bytes between them. */
export class ZipUnreadable extends Error {}

export interface CheckedEntry {
  name: string;
  /** 0 stored, 8 deflated (yauzl opens no other). */
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  /** The entry's compressed data, as checked (a view of the upload, not a copy). */
  data: Buffer;
  /** Its inflated bytes, when asked to keep them. */
  bytes?: Buffer;
}

export interface InflateLimits {
  /** Bytes all entries may inflate to together. */
  max: number;
  /** A part's own cap, by name (a part a reader holds in memory); none when undefined. */
  partMax?: (name: string) => number | undefined;
  /** Keep each entry's inflated bytes (small files only); otherwise they are counted and dropped. */
  keep?: boolean;
  /** Entries a zip may list. */
  maxEntries?: number;
  /** A watcher of a part's inflated bytes, by name; what it throws (ZipTooBig, ZipUnreadable) refuses the zip. */
  inspect?: (name: string) => { data(chunk: Buffer): void; end(): void } | undefined;
}

const LOCAL_HEADER = 0x04034b50;
/** Bytes a data descriptor may take after an entry's data (flag bit 3): with or without its signature, zip64 or not. */
const DESCRIPTOR_SIZES = [12, 16, 20, 24];

function listEntries(content: Buffer, maxEntries: number): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new ZipUnreadable(err?.message ?? 'not a zip'));
      if (zip.entryCount > maxEntries) return reject(new ZipUnreadable('too many entries'));
      const entries: yauzl.Entry[] = [];
      zip.on('error', (e: Error) => reject(new ZipUnreadable(e.message)));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.readEntry();
    });
  });
}

/** Where each entry's data lies, checked: inside the file, no two overlapping, no bytes between them. */
function dataOf(content: Buffer, entries: yauzl.Entry[]): Map<yauzl.Entry, Buffer> {
  const out = new Map<yauzl.Entry, Buffer>();
  const byOffset = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  const directory = directoryOffset(content);
  let end = 0;
  for (const [i, entry] of byOffset.entries()) {
    const at = entry.relativeOffsetOfLocalHeader;
    if (at !== end) throw new ZipUnreadable('bytes between entries');
    if (at + 30 > content.length || content.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipUnreadable('no local header');
    const start = at + 30 + content.readUInt16LE(at + 26) + content.readUInt16LE(at + 28);
    const stop = start + entry.compressedSize;
    if (stop > content.length) throw new ZipUnreadable('data past the end');
    out.set(entry, content.subarray(start, stop));
    end = stop;
    // A data descriptor follows when the sizes came after the data; whichever form fits before the next entry.
    if (entry.generalPurposeBitFlag & 0x8) {
      const next = byOffset[i + 1]?.relativeOffsetOfLocalHeader ?? directory;
      const fits = DESCRIPTOR_SIZES.find((n) => stop + n === next);
      if (fits === undefined) throw new ZipUnreadable('bytes between entries');
      end = next;
    }
  }
  if (end !== directory) throw new ZipUnreadable('bytes after the entries');
  return out;
}

/** Where the central directory starts (end-of-directory record; the zip64 locator's when it is there). */
function directoryOffset(content: Buffer): number {
  const eocd = content.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new ZipUnreadable('no end of directory');
  const offset = content.readUInt32LE(eocd + 16);
  if (offset !== 0xffffffff) return offset;
  const locator = eocd - 20;
  if (locator < 0 || content.readUInt32LE(locator) !== 0x07064b50) throw new ZipUnreadable('no zip64 locator');
  const record = Number(content.readBigUInt64LE(locator + 8));
  if (record + 56 > content.length || content.readUInt32LE(record) !== 0x06064b50) throw new ZipUnreadable('no zip64 record');
  return Number(content.readBigUInt64LE(record + 48));
}

/**
 * The zip's listed entries (folders left out), each inflated once and counted: ZipTooBig past
 * `max` in all or a part past its own cap, whatever the directory claims; ZipUnreadable when it is
 * no zip, an entry inflates to other than its declared size, or bytes lie outside the entries.
 */
export async function inflateEntries(content: Buffer, limits: InflateLimits): Promise<CheckedEntry[]> {
  const { zip, entries } = await listEntries(content, limits.maxEntries ?? 1000);
  const data = dataOf(content, entries);
  const names = new Set<string>();
  const out: CheckedEntry[] = [];
  let total = 0;
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    // A reader meets a name twice as two parts: a second shared-strings part would be cached on top of the first.
    if (names.has(entry.fileName)) throw new ZipUnreadable('an entry listed twice');
    names.add(entry.fileName);
    const own = limits.partMax?.(entry.fileName);
    if (total + entry.uncompressedSize > limits.max || (own !== undefined && entry.uncompressedSize > own)) throw new ZipTooBig();
    const kept: Buffer[] = [];
    const watcher = limits.inspect?.(entry.fileName);
    let size = 0;
    await new Promise<void>((resolve, reject) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(new ZipUnreadable(err?.message ?? 'unreadable entry'));
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          total += chunk.length;
          // yauzl stops an entry that inflates past its declared size; these are the caps themselves.
          if (total > limits.max || (own !== undefined && size > own)) {
            stream.destroy();
            reject(new ZipTooBig());
            return;
          }
          try {
            watcher?.data(chunk);
          } catch (e) {
            stream.destroy();
            reject(e);
            return;
          }
          if (limits.keep) kept.push(chunk);
        });
        stream.on('error', (e: Error) => reject(new ZipUnreadable(e.message)));
        stream.on('end', () => {
          try {
            watcher?.end();
            resolve();
          } catch (e) {
            reject(e);
          }
        });
      });
    });
    out.push({
      name: entry.fileName,
      method: entry.compressionMethod,
      crc: entry.crc32,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
      data: data.get(entry) ?? Buffer.alloc(0),
      bytes: limits.keep ? Buffer.concat(kept) : undefined,
    });
  }
  return out;
}

/** A zip of these entries as given (their data compressed by `method`), in this order; names UTF-8, no data descriptors. */
export function zipOf(entries: Array<Pick<CheckedEntry, 'name' | 'method' | 'crc' | 'uncompressedSize' | 'data'>>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, method, crc, uncompressedSize, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names; sizes here, not after the data
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(uncompressedSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(uncompressedSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Entries stored again uncompressed: what a reader gets has nothing left to inflate. */
export function storedZip(entries: Array<{ name: string; bytes: Buffer }>): Buffer {
  return zipOf(entries.map(({ name, bytes }) => ({ name, method: 0, crc: crc32(bytes), uncompressedSize: bytes.length, data: bytes })));
}
