// What the judicial screens share that is not drawing: the interface options, a record's status
// colour, how a raw answer is printed. Kept apart so they are tested without a browser.
import { JUDICIAL_INTERFACES, JUDICIAL_VIEW_INTERFACE_IDS, type JudicialRecord } from '@apimarket/contracts';

/** The five in the spec's order, as filter options. */
export const JUDICIAL_OPTIONS = JUDICIAL_VIEW_INTERFACE_IDS.map((id) => ({ value: String(id), label: JUDICIAL_INTERFACES[id].name }));

/** A record's status tag: open in red, closed in green, undisclosed plain. */
export function statusColor(open: JudicialRecord['open']): 'error' | 'success' | 'default' {
  return open === true ? 'error' : open === false ? 'success' : 'default';
}

/** The answer printed for reading and copying (two-space indent, keys in the answer's order). */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

/** The id in the address (?id=): a positive whole number, else null. */
export function idFromQuery(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
