// The page-view ping's wire part without its schema (Decision 158): every public page sends it
// at load, and a declaration's zod rule must not ride in all of their first loads. The
// declaration (leadsApi.pageView) spreads this, so the path is still written once.
export const PAGE_VIEW_ROUTE = { method: 'POST', path: '/api/pv', body: 'form' } as const;

/** What the ping sends; the server holds it to leadsApi.pageView's rule. */
export interface PageViewInputWire {
  path: string;
}
