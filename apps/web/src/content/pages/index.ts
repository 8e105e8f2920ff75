// Every content page by its route. Route files look their page up here; a test checks that each
// page has real copy, at least four sections, no text repeated from another page, and that every
// route file and page entry match one to one.
import { aboutPages } from './about';
import { dataIntoTablePages } from './data-into-table';
import { facePage } from './face';
import { legalPages } from './legal';
import type { PageContent } from './model';
import { solutionPagesA } from './solutions-a';
import { solutionPagesB } from './solutions-b';
import { topicPages } from './topics';

export const CONTENT_PAGES: readonly PageContent[] = [
  ...solutionPagesA,
  ...solutionPagesB,
  ...dataIntoTablePages,
  ...aboutPages,
  ...topicPages,
  ...legalPages,
  facePage,
];

const byPath = new Map(CONTENT_PAGES.map((p) => [p.path, p]));

/** Spelling variants spec 01 §2.1 lists for one page; they render it with its canonical link. */
export const CONTENT_ALIASES: Readonly<Record<string, string>> = {
  '/solutionPlan/Logistics': '/solutionPlan/logistics',
  '/solutionPlan/logistics1': '/solutionPlan/logistics',
};

/** The page of a route (or alias). A route without content is a build error, not a blank page. */
export function contentPage(path: string): PageContent {
  const page = byPath.get(CONTENT_ALIASES[path] ?? path);
  if (!page) throw new Error(`no content for ${path}`);
  return page;
}
