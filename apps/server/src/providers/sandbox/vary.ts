// The generic part of a sandbox answer: the interface's documented sample, re-aimed at the
// caller's subject (parameter echoes and entity swaps), its dates moved and its measures varied
// by the call's draw, then its counts and totals made to agree with its lists again.
// Enumerations (result "1", status words) are left as documented; families decide those.
import { type Draw, round } from './draw';
import { parseDateTime } from './inputs';
import { type Json, type JsonObject, isObject, mapLeaves } from './json';

// ── Replacements ─────────────────────────────────────────────────────────────────────────────
/**
 * Replaces sample values by answer values in every string leaf: a leaf equal to a sample value
 * becomes the answer value; Chinese text and numbers of 6 or more characters are also replaced
 * inside text ("示例科技有限公司与某贸易公司…"), short codes and plain words ("main") only as
 * whole values. One pass, longest first, so a replacement is never replaced again.
 */
export function applySwaps(data: Json, swaps: Array<[string, string]>): Json {
  const table = new Map(swaps.filter(([from, to]) => from.length >= 2 && from !== to));
  if (table.size === 0) return data;
  const inner = [...table.keys()].filter((k) => /\p{Script=Han}{2,}/u.test(k) || (k.length >= 6 && /\d/.test(k)));
  inner.sort((a, b) => b.length - a.length);
  const pattern = inner.length ? new RegExp(inner.map(escapeRegExp).join('|'), 'gu') : null;
  return mapLeaves(data, (leaf) => {
    if (typeof leaf !== 'string') return leaf;
    const exact = table.get(leaf);
    if (exact !== undefined) return exact;
    return pattern ? leaf.replace(pattern, (m) => table.get(m) ?? m) : leaf;
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ── Dates ────────────────────────────────────────────────────────────────────────────────────
const DATE_IN_TEXT = /(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?/g;
/** Dates before this are history (filings, registrations) and move; later ones are validities. */
const HISTORY_BEFORE = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

const toTime = (parts: Array<string | undefined>) => {
  const n = (i: number) => Number(parts[i] ?? 0);
  return Date.UTC(n(0), n(1) - 1, n(2), n(3), n(4), n(5));
};

/** Formats `t` like the matched text: date only, to the minute or to the second. */
function formatLike(sample: string, t: number): string {
  const iso = new Date(t).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ
  const date = iso.slice(0, 10);
  if (sample.length === 10) return date;
  return `${date} ${iso.slice(11, sample.length === 16 ? 16 : 19)}`;
}

/** Every date or time inside `text`, moved by `move` and written back in its own format. */
const replaceDates = (text: string, move: (t: number) => number) =>
  text.replace(DATE_IN_TEXT, (whole: string, y: string, mo: string, d: string, h?: string, mi?: string, s?: string) =>
    formatLike(whole, move(toTime([y, mo, d, h, mi, s]))),
  );

const datesIn = (text: string) => [...text.matchAll(DATE_IN_TEXT)].map((m) => toTime(m.slice(1)));

/**
 * History moves back by the same number of days everywhere, so its order holds. An object that
 * also holds a future date (a validity period) keeps its dates, so the period stays whole.
 * Birth dates are facts of the subject and are never moved.
 */
export function shiftHistory(data: Json, days: number): Json {
  if (days === 0) return data;
  const visit = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return value;
    const dates = Object.values(value).flatMap((v) => (typeof v === 'string' ? datesIn(v) : []));
    const movable = dates.length > 0 && dates.every((t) => t < HISTORY_BEFORE);
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = typeof v === 'string' && movable && !/birth/i.test(k) ? replaceDates(v, (t) => t - days * DAY) : visit(v);
    }
    return out;
  };
  return visit(data);
}

/**
 * For interfaces queried over a time window: the sample's times move with the caller's window
 * (by the difference between its start and the documented example start) and stay inside it.
 */
export function followWindow(data: Json, exampleStart: string, start: string, end: string): Json {
  const from = parseDateTime(exampleStart);
  const s = parseDateTime(start);
  const e = parseDateTime(end);
  if (!from || !s || !e) return data;
  const delta = s.getTime() - from.getTime();
  const clamp = (t: number) => Math.min(Math.max(t + delta, s.getTime()), e.getTime());
  return mapLeaves(data, (leaf) => (typeof leaf === 'string' ? replaceDates(leaf, clamp) : leaf));
}

// ── Measures ─────────────────────────────────────────────────────────────────────────────────
/** Numbers that are counts, years, codes or positions: families and count fixes own them. */
const EXACT_NUMBER = /(count|total|num|year|rows?|cols?|span|deleted|points|months\d*|days|direction|length)$|^(age|lon|lat|minutes)$/i;
/** Numbers bounded to 0–100 or 0–1 by their documentation. */
const SCORE = /score|index$/i;
const SHARE = /ratio|rate|probability|blur|occlusion|confidence/i;

const decimalsOf = (n: number) => (Number.isInteger(n) ? 0 : (String(n).split('.')[1]?.length ?? 0));

/** Each measure varies within ±15 %, keeping its number of decimals and its documented bounds. */
export function jitterMeasures(data: Json, draw: Draw): Json {
  return mapLeaves(data, (leaf, key, path) => {
    if (typeof leaf !== 'number' || leaf === 0 || EXACT_NUMBER.test(key)) return leaf;
    let v = round(leaf * (0.85 + 0.3 * draw.unit(`jitter:${path}`)), decimalsOf(leaf));
    if (SCORE.test(key)) v = Math.min(Math.max(v, 0), 100);
    if (SHARE.test(key)) v = Math.min(Math.max(v, 0), 0.999);
    return v;
  });
}

// ── Agreement between counts, sums and lists ─────────────────────────────────────────────────
/**
 * Where the sample's count equals its list's length (total ↔ list, faceNum ↔ faces…) or its
 * total equals the sum of a list field (totalFine ↔ fine), the answer keeps that agreement;
 * "minutes" beside "start"/"end" is their difference.
 */
export function agree(sample: Json, data: Json): void {
  if (Array.isArray(data)) {
    const model = Array.isArray(sample) ? sample[0] : undefined;
    // Items of plain values with no count, total or minutes have nothing to agree on: a track's
    // 8 641 points would otherwise be walked for nothing.
    if (model === undefined || isInert(model)) return;
    for (const item of data) agree(model, item);
    return;
  }
  if (!isObject(sample) || !isObject(data)) return;
  for (const [key, value] of Object.entries(data)) if (key in sample) agree(sample[key] ?? null, value);
  agreeCounts(sample, data);
  agreeSums(sample, data);
  agreeMinutes(data);
}

/** A list item model whose fields are all plain values, none of them a count, a total or minutes. */
function isInert(model: Json): boolean {
  if (!isObject(model)) return model === null || typeof model !== 'object';
  return Object.entries(model).every(
    ([key, v]) => (v === null || typeof v !== 'object') && !COUNT_KEY.test(key) && !/^total[A-Z]/.test(key) && key !== 'minutes',
  );
}

/** Keys that count a sibling list (not "asDefendant", which counts only some of it). */
const COUNT_KEY = /^(total|count|\w+Num|eventCount)$/;

function agreeCounts(sample: JsonObject, data: JsonObject): void {
  for (const [countKey, count] of Object.entries(sample)) {
    if (typeof count !== 'number' || !COUNT_KEY.test(countKey)) continue;
    for (const [listKey, list] of Object.entries(sample)) {
      const current = data[listKey];
      if (Array.isArray(list) && list.length === count && Array.isArray(current) && typeof data[countKey] === 'number') {
        data[countKey] = current.length;
      }
    }
  }
}

function agreeSums(sample: JsonObject, data: JsonObject): void {
  for (const [key, total] of Object.entries(sample)) {
    const field = /^total([A-Z]\w*)$/.exec(key)?.[1];
    if (typeof total !== 'number' || !field) continue;
    const itemKey = field.charAt(0).toLowerCase() + field.slice(1);
    for (const [listKey, list] of Object.entries(sample)) {
      const current = data[listKey];
      if (!Array.isArray(list) || !Array.isArray(current) || sumOf(list, itemKey) !== total) continue;
      data[key] = sumOf(current, itemKey) ?? total;
    }
  }
}

function sumOf(list: Json[], key: string): number | null {
  let sum = 0;
  for (const item of list) {
    const v = isObject(item) ? item[key] : undefined;
    if (typeof v !== 'number') return null;
    sum += v;
  }
  return round(sum, 2);
}

function agreeMinutes(data: JsonObject): void {
  const start = typeof data.start === 'string' ? Date.parse(`${data.start.replace(' ', 'T')}Z`) : Number.NaN;
  const end = typeof data.end === 'string' ? Date.parse(`${data.end.replace(' ', 'T')}Z`) : Number.NaN;
  if (typeof data.minutes === 'number' && Number.isFinite(start) && Number.isFinite(end)) {
    data.minutes = Math.max(0, Math.round((end - start) / 60_000));
  }
}
