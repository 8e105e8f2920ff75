// Judicial records (category 10): 0–3 fictitious records per subject, each modelled on the
// documented ones (same fields, same kind of case number), at a drawn court and date, newest
// first; the counts and flags beside the list agree with it.
import type { Ctx, Family } from '../context';
import { type Draw, drawFor } from '../draw';
import { arr, isObject, type Json, type JsonObject, num, put, putAll, str } from '../json';
import { CITIES, CIVIL_CAUSES, type City, SANDBOX_TODAY } from '../tables';
import { enumWords, fieldDoc } from './common';

const DAY = 86_400_000;
const CASE_NO = /（(\d{4})）(\p{Script=Han})(\d{4})([\p{Script=Han}]+?)(\d+)号/u;
const DATE = /\d{4}-\d{2}-\d{2}/g;

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export const judicialFamily: Family = {
  name: 'judicial',
  fill(ctx, data) {
    const subject = ctx.param('idcard') ?? ctx.param('keyword') ?? ctx.param('name') ?? '';
    const d = drawFor(['judicial', ctx.spec.id, subject]);
    if (num(data, 'riskScore') !== undefined) return fillSummary(data, drawFor(['judicial', subject]));
    // The documented records, already re-aimed at the caller's subject, are the models.
    const models = (arr(data, 'list') ?? []).filter(isObject);
    if (!models.length) return;
    const count = d.pick('records', [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3]);
    const records = Array.from({ length: count }, (_, i) => record(ctx, models[i % models.length] ?? {}, d.child(`r${i}`)));
    records.sort((a, b) => (firstDate(b) ?? '').localeCompare(firstDate(a) ?? ''));
    put(data, 'list', records);
    fillCounts(data, records);
  },
};

const firstDate = (o: JsonObject) => Object.values(o).find((v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v));

/** One record like `model`: another court, date, case number, cause and amount. */
function record(ctx: Ctx, model: JsonObject, d: Draw): JsonObject {
  const court = d.pick('court', CITIES);
  const sampleDate = firstDate(model);
  const sampleTime = sampleDate ? Date.parse(sampleDate.slice(0, 10)) : Number.NaN;
  const upcoming = sampleTime > SANDBOX_TODAY.getTime();
  // Notices of hearings lie ahead; everything else is history.
  const base = SANDBOX_TODAY.getTime() + (upcoming ? d.int('ahead', 5, 90) : -d.int('ago', 20, 1500)) * DAY;
  const shift = Number.isFinite(sampleTime) ? base - sampleTime : 0;
  const sampleCause = str(model, 'cause');
  const cause = sampleCause && isCivil(model) ? d.pick('cause', CIVIL_CAUSES) : sampleCause;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(model))
    out[key] = field(key, value, { ctx, d, court, shift, year: new Date(base).getUTCFullYear(), sampleCause, cause });
  return out;
}

interface FieldCtx {
  ctx: Ctx;
  d: Draw;
  court: City;
  shift: number;
  year: number;
  sampleCause: string | undefined;
  cause: string | undefined;
}

function field(key: string, value: Json, f: FieldCtx): Json {
  if (typeof value === 'number') return amount(key, value, f.d);
  if (typeof value !== 'string' || value === '') return value;
  if (key === 'court') return `${f.court.name}示例区人民法院`;
  if (key === 'role') return f.d.pick('role', ['原告', '被告', '被告']);
  if (key === 'amount') return `${f.d.int('equity', 10, 500)}万元人民币`;
  if (key === 'status' && !/在册|已移出/.test(value)) return status(f);
  let text = value.replace(
    CASE_NO,
    (_m, _y, _abbr, _code, word: string) => `（${f.year}）${f.court.abbr}${f.court.courtNo}99${word}${f.d.int('seq', 12, 9999)}号`,
  );
  text = text.replace(DATE, (date) => iso(Date.parse(date) + f.shift));
  if (f.sampleCause && f.cause && f.sampleCause !== f.cause) text = text.replace(f.sampleCause, f.cause);
  return text;
}

/** Amounts: a target of 5 000 – 2 000 000 yuan; what is left unpaid is part of it. */
function amount(key: string, value: number, d: Draw): number {
  const target = d.int('amount', 5, 2000) * 1000;
  if (key === 'unfulfilled') return Math.round(target * d.pick('paid', [1, 1, 0.8, 0.5]));
  return value === 0 ? 0 : target;
}

/** Older cases are closed (已结案, 解除冻结, 失效), recent ones still open; documented words only. */
function status(f: FieldCtx): string {
  const words = enumWords(fieldDoc(f.ctx, 'list.status'));
  const closed = words.filter((w) => /已|解除|失效/.test(w));
  const open = words.filter((w) => !closed.includes(w));
  const old = f.year < SANDBOX_TODAY.getUTCFullYear() - 1;
  return (old ? closed[0] : open[0]) ?? words[0] ?? '';
}

const isCivil = (model: JsonObject) => /民|^$/.test(str(model, 'caseType') ?? '') && /民初|民终/.test(str(model, 'caseNo') ?? '民初');

/** Counts beside the list: by role, currently listed, flags. */
function fillCounts(data: Json, records: JsonObject[]): void {
  const role = (r: string) => records.filter((x) => x.role === r).length;
  putAll(data, {
    asPlaintiff: role('原告'),
    asDefendant: role('被告'),
    listed: records.length > 0,
    restricted: records.length > 0,
    currentCount: records.filter((x) => x.status === '在册').length,
  });
}

/** The summary (9838): counts per kind of record, and a score that follows them. */
function fillSummary(data: Json, d: Draw): void {
  const counts = {
    litigationCount: d.pick('lit', [0, 0, 0, 1, 1, 2, 4]),
    executedCount: d.pick('exe', [0, 0, 0, 0, 1, 2]),
    dishonestCount: d.pick('dis', [0, 0, 0, 0, 0, 1]),
    restrictedCount: d.pick('res', [0, 0, 0, 0, 0, 1]),
  };
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const score = Math.min(
    99,
    counts.litigationCount * 9 + counts.executedCount * 15 + counts.dishonestCount * 25 + counts.restrictedCount * 20 + (total ? d.int('base', 3, 12) : 0),
  );
  const level = total === 0 ? '无风险' : score < 30 ? '低' : score < 60 ? '中' : '高';
  const latest = total === 0 ? '' : iso(SANDBOX_TODAY.getTime() - d.int('latest', 20, 1200) * DAY);
  putAll(data, { ...counts, riskScore: score, riskLevel: level, latestCaseDate: latest });
}
