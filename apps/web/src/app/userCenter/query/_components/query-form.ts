// The rules of the query page that are not drawing: what a form sends, which interfaces a
// 个人背景核查 takes, how a result is coloured. Kept apart so they are tested without a browser.
import { BACKGROUND_CHECK_INTERFACE_IDS, type QueryField, type QueryItemView, type QueryPoolItem, QUERY_LIMITS, VERDICT } from '@apimarket/contracts';

export type QueryValues = Record<string, string | undefined>;

/** The filled fields, trimmed; an empty optional field is left out as a customer's system would. */
export function sentValues(fields: readonly QueryField[], values: QueryValues | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = (values?.[f.name] ?? '').trim();
    if (v !== '') out[f.name] = v;
  }
  return out;
}

/** The documentation's examples, for 填入示例. */
export const exampleValues = (fields: readonly QueryField[]): QueryValues => Object.fromEntries(fields.map((f) => [f.name, f.example]));

/** The usable interfaces of a 个人背景核查, in its order. */
export function backgroundCheck(pool: readonly QueryPoolItem[]): number[] {
  const usable = new Set(pool.filter((p) => p.usable).map((p) => p.interfaceId));
  return BACKGROUND_CHECK_INTERFACE_IDS.filter((id) => usable.has(id)).slice(0, QUERY_LIMITS.maxInterfaces);
}

/** Adds or removes one interface; adding beyond the limit changes nothing. */
export function toggled(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id);
  return selected.length >= QUERY_LIMITS.maxInterfaces ? [...selected] : [...selected, id];
}

/** A result's tag colour: green when verified, orange when not, red for a failed query. */
export function verdictColor(item: Pick<QueryItemView, 'code' | 'verified' | 'verdict'>): 'success' | 'warning' | 'error' | 'processing' {
  if (item.verified) return 'success';
  if (item.code !== '10000') return 'error';
  return item.verdict === VERDICT.inconsistent ? 'warning' : 'processing';
}
