// The operator console's map: every page with the area (and so the roles) that opens it. The
// side menu and the page guard read it; the server's guard reads the same CONSOLE_AREAS.
import { type ConsoleArea, CONSOLE_AREAS } from '@apimarket/contracts';

export const CONSOLE = '/console';

export interface ConsolePage {
  /** Path under /console, '' for the home. */
  path: string;
  area: ConsoleArea;
  title: string;
}

export const CONSOLE_PAGES: readonly ConsolePage[] = (Object.keys(CONSOLE_AREAS) as ConsoleArea[]).map((area) => ({
  path: area === 'overview' ? '' : area,
  area,
  title: CONSOLE_AREAS[area].title,
}));

export function consoleHref(path: string): string {
  return path ? `${CONSOLE}/${path}` : CONSOLE;
}

/** The page a pathname belongs to (its own or a sub-page's), or null outside the console. */
export function consolePage(pathname: string): ConsolePage | null {
  if (pathname !== CONSOLE && !pathname.startsWith(`${CONSOLE}/`)) return null;
  const rest = pathname.slice(CONSOLE.length + 1).replace(/\/+$/, '');
  const first = rest.split('/')[0] ?? '';
  return CONSOLE_PAGES.find((p) => p.path === first) ?? null;
}

/** The menu of an operator: the pages of the areas their role opens, in the table's order. */
export function consoleMenu(areas: readonly ConsoleArea[]): ConsolePage[] {
  return CONSOLE_PAGES.filter((p) => areas.includes(p.area));
}
