// Which knowledge-base category a ?type= names. Categories are names (接入指南…), but links in the
// wild also carry the old site's numbers (?type=2): a number within the list is that tab, counted
// from 1 in the order the tabs show, so the title and the list say the category, never "2".

/** The category name; '' for all; null when the value names no category. */
export function knowledgeType(raw: string, types: ReadonlyArray<{ type: string }> | null): string | null {
  if (raw === '') return '';
  if (!types) return raw; // the list could not be read: filter by what was asked
  if (types.some((t) => t.type === raw)) return raw;
  if (/^\d{1,3}$/.test(raw)) return types[Number(raw) - 1]?.type ?? null;
  return null;
}
