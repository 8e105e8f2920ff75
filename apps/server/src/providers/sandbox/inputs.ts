// Inputs a real source would refuse before looking anything up, answered with the interface's
// own code: a bad checksum (10005, 10015), an image or video it cannot read (10003, 10013,
// 10017), a malformed date or a query window beyond the documented limit (10002, 10012).
import type { SeedParam } from '../../db/seed/data/types';
import { decodeBase64Payload, isWellFormed, parseCompactDate } from '../validate';
import { CODE, type Ctx } from './context';

/** The code the call must answer before any data is made, or null to go on. */
export function inputRefusal(ctx: Ctx): string | null {
  for (const p of ctx.spec.params) {
    const value = ctx.param(p.name);
    if (value === undefined) {
      const code = p.required ? ctx.firstDeclared(CODE.BAD_PARAM, ...badValueCodes(p)) : null;
      if (code) return code;
      continue;
    }
    const bad = !isWellFormed(p, value, ctx.params) || !hasDocumentedFormat(p, value);
    const code = bad ? ctx.firstDeclared(...badValueCodes(p)) : null;
    if (code) return code;
  }
  return mediaRefusal(ctx) ?? windowRefusal(ctx);
}

/** Which codes say "this value is wrong", most specific first. */
function badValueCodes(p: SeedParam): string[] {
  if (p.name === 'idcard' || p.name === 'idNo') return [CODE.BAD_IDCARD, CODE.BAD_PARAM];
  if (p.name === 'acc_no') return [CODE.BAD_CARD_NO, CODE.BAD_PARAM];
  if (p.type === 'base64') return [isVideo(p) ? CODE.BAD_VIDEO : CODE.BAD_IMAGE, CODE.BAD_PARAM];
  return [CODE.BAD_PARAM];
}

// ── Dates documented with a format ───────────────────────────────────────────────────────────
const FORMATS: Array<[string, RegExp]> = [
  ['yyyy-MM-dd HH:mm:ss', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/],
  ['yyyyMMdd', /^\d{8}$/],
  ['yyyy-MM', /^\d{4}-\d{2}$/],
];

/** A parameter whose description gives a date format must follow it ("长期" where documented). */
function hasDocumentedFormat(p: SeedParam, value: string): boolean {
  const format = FORMATS.find(([f]) => p.description.includes(`格式 ${f}`));
  if (!format) return true;
  if (value === '长期' && p.description.includes('长期')) return true;
  const [name, pattern] = format;
  if (!pattern.test(value)) return false;
  if (name === 'yyyyMMdd') return parseCompactDate(value) !== null;
  if (name === 'yyyy-MM') return Number(value.slice(5)) >= 1 && Number(value.slice(5)) <= 12;
  return parseDateTime(value) !== null;
}

/** A "yyyy-MM-dd HH:mm:ss" time that exists, read as UTC (the sandbox never needs zones). */
export function parseDateTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const n = (i: number) => Number(m[i]);
  const date = new Date(Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)));
  const exact = date.getUTCMonth() === n(2) - 1 && date.getUTCDate() === n(3) && n(4) < 24 && n(5) < 60 && n(6) < 60;
  return exact ? date : null;
}

// ── Images and videos ────────────────────────────────────────────────────────────────────────
const isVideo = (p: SeedParam) => p.name === 'video' || p.description.includes('MP4');

/** JPEG, PNG, BMP, GIF or WebP by their first bytes. */
function isImage(b: Buffer): boolean {
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    b.subarray(0, 2).toString('latin1') === 'BM' ||
    b.subarray(0, 4).toString('latin1') === 'GIF8' ||
    (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/** An ISO base media file (MP4, MOV): a box whose type at offset 4 is "ftyp". */
const isMp4 = (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp';

/** The documented size limit of a media parameter ("不超过 2MB"), in bytes. */
function documentedLimit(p: SeedParam): number | null {
  const m = /不超过\s*(\d+)\s*MB/.exec(p.description);
  return m ? Number(m[1]) * 1024 * 1024 : null;
}

function mediaRefusal(ctx: Ctx): string | null {
  for (const p of ctx.spec.params) {
    const value = ctx.param(p.name);
    if (p.type !== 'base64' || value === undefined) continue;
    const bytes = decodeBase64Payload(value);
    const video = isVideo(p);
    const unreadable = bytes === null || !(video ? isMp4(bytes) : isImage(bytes));
    const limit = documentedLimit(p);
    const tooLarge = bytes !== null && limit !== null && bytes.length > limit;
    const codes = video ? [CODE.BAD_VIDEO] : unreadable ? [CODE.BAD_IMAGE] : [CODE.IMAGE_TOO_LARGE, CODE.BAD_IMAGE];
    const code = unreadable || tooLarge ? ctx.firstDeclared(...codes, CODE.BAD_PARAM) : null;
    if (code) return code;
  }
  return null;
}

// ── Query windows ────────────────────────────────────────────────────────────────────────────
/** The longest window the end time's documentation allows ("不超过 72 小时", "不超过 31 天"), in ms. */
function documentedSpan(ctx: Ctx): number | null {
  const end = ctx.spec.params.find((p) => p.name === 'endTime');
  const m = end ? /不超过\s*(\d+)\s*(小时|天)/.exec(end.description) : null;
  if (!m) return null;
  return Number(m[1]) * (m[2] === '小时' ? 3_600_000 : 86_400_000);
}

function windowRefusal(ctx: Ctx): string | null {
  const start = parseDateTime(ctx.param('startTime') ?? '');
  const end = parseDateTime(ctx.param('endTime') ?? '');
  if (!start || !end) return null;
  if (end.getTime() <= start.getTime()) return ctx.firstDeclared(CODE.BAD_PARAM);
  const span = documentedSpan(ctx);
  if (span !== null && end.getTime() - start.getTime() > span) return ctx.firstDeclared(CODE.RANGE_EXCEEDED, CODE.BAD_PARAM);
  return null;
}
