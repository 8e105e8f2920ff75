// The public site's routes as the app folder declares them: a page file's path turned into its
// URL (route groups dropped, dynamic segments filled with a known id). Pure, so the overflow
// journey and any other list of "every public page" follow the folders instead of a hand list.

/** Top-level folders that are not the public site: the user center (spec 02), the operator console and dev tools. */
export const NON_PUBLIC_ROOTS: readonly string[] = ['userCenter', 'console', 'dev'];

/**
 * The route of one page file, written relative to the app folder with '/' separators
 * ('(site)/api/[id]/page.tsx' → '/api/[id]'); null for a file that is not a page, or one in a
 * private folder (_name) or an escaped one (%5Fname).
 */
export function routeOfPageFile(file: string): string | null {
  const parts = file.split('/');
  const last = parts.pop();
  if (!last || !/^page\.(tsx|ts|jsx|js|mdx)$/.test(last)) return null;
  const segments: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part.startsWith('_') || part.startsWith('%5F')) return null;
    if (/^\(.*\)$/.test(part) || part.startsWith('@')) continue; // route groups and parallel slots
    segments.push(part);
  }
  return `/${segments.join('/')}`;
}

const DYNAMIC = /\[{1,2}(\.\.\.)?[^\]]+\]{1,2}/;

/**
 * Every public route of the given page files, sorted. A dynamic route is filled from `ids`,
 * keyed by the route as written ('/news/[id]' → '/news/1'); a dynamic route without an entry
 * throws, so a new detail page cannot slip out of the list unnoticed.
 */
export function publicRoutes(pageFiles: readonly string[], ids: Readonly<Record<string, string | number>>): string[] {
  const out = new Set<string>();
  for (const file of pageFiles) {
    const route = routeOfPageFile(file);
    if (route === null) continue;
    const root = route.split('/')[1] ?? '';
    if (NON_PUBLIC_ROOTS.includes(root)) continue;
    if (!DYNAMIC.test(route)) {
      out.add(route);
      continue;
    }
    const id = ids[route];
    if (id === undefined) throw new Error(`${route}: no id to fill its dynamic segment with (add one to the ids)`);
    out.add(route.replace(DYNAMIC, String(id)));
  }
  return [...out].sort();
}
