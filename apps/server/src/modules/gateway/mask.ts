// Personal data as records, lists and receipts show it (ARCHITECTURE.md, Decision 19): ID
// 110101********1234, name 张*, phone 138****8000, card 6222****1234; images and long values are
// described, not kept. Decided by the parameter's name, so a new interface is masked by default
// whenever it uses the shared parameter names.
const KEEP_CLEAR = new Set(['startTime', 'endTime', 'date', 'type', 'carType', 'plateColor', 'pageNum', 'pageSize']);

export function maskValue(name: string, value: string): string {
  const v = value.trim();
  if (v === '') return '';
  const n = name.toLowerCase();
  if (/idcard|idno|certno|identity/.test(n) && v.length >= 15) return `${v.slice(0, 6)}********${v.slice(-4)}`;
  if (/name$/.test(n) && !/company|ent|org/.test(n)) return `${[...v][0] ?? ''}${'*'.repeat(Math.max(1, [...v].length - 1))}`;
  if (/mobile|phone|tel/.test(n) && v.length >= 7) return `${v.slice(0, 3)}****${v.slice(-4)}`;
  if (/card|account/.test(n) && v.length >= 8) return `${v.slice(0, 4)}****${v.slice(-4)}`;
  if (/image|img|photo|video|base64|file/.test(n) || v.length > 256) return `[${Math.round(v.length / 1024)} KB 数据，未留存]`;
  if (KEEP_CLEAR.has(name)) return v;
  // Anything else may still be personal (an address, a plate): keep its shape, not its content.
  return v.length <= 4 ? '*'.repeat(v.length) : `${v.slice(0, 2)}${'*'.repeat(Math.min(v.length - 4, 12))}${v.slice(-2)}`;
}

/** The most fields a record keeps: interfaces take a handful, the rest is noise or a probe. */
const KEPT_FIELDS = 30;

export function maskParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .slice(0, KEPT_FIELDS)
      .map(([k, v]) => [k.slice(0, 64), maskValue(k, v)]),
  );
}

// An answer's fields that name a person — a party to a case, a debtor — by the names suppliers use.
const PERSON_KEY = /^(name|realname|personname|partyname|partynames|iname|pname|xm|party|parties|litigant|litigants|debtor)$/i;

function maskAnswerText(key: string, value: string): string {
  const k = key.toLowerCase();
  if (PERSON_KEY.test(key)) return maskValue('name', value);
  if (/idcard|idno|certno|cardnum|identity|sfzh/.test(k)) return maskValue('idcard', value);
  if (/mobile|phone|^tel/.test(k)) return maskValue('mobile', value);
  if (/bankcard|acc_?no|cardno/.test(k)) return maskValue('card', value);
  return value;
}

/**
 * A supplier's answer as it may be kept at rest (Decision 218): every string under a key that
 * names a person, an ID number, a phone or a card is masked as records mask parameters, at any
 * depth; everything else (courts, causes, amounts, dates) is kept as answered. Nesting beyond
 * what any answer needs is dropped rather than walked.
 */
export function maskAnswer(data: unknown, depth = 0): unknown {
  if (depth > 16) return null;
  if (Array.isArray(data)) return data.map((d) => maskAnswer(d, depth + 1));
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => {
      if (typeof v === 'string') return [k, maskAnswerText(k, v)];
      if (Array.isArray(v) && PERSON_KEY.test(k)) return [k, v.map((x) => (typeof x === 'string' ? maskValue('name', x) : maskAnswer(x, depth + 1)))];
      return [k, maskAnswer(v, depth + 1)];
    }),
  );
}
