// What a content route file needs: its metadata and its body, both from the page's content.
import type { Metadata } from 'next';
import { CONTENT_ALIASES, contentPage } from '@/content/pages';
import { ContentPage } from './Sections';

export function contentMetadata(path: string): Metadata {
  const page = contentPage(path);
  return {
    title: page.title,
    description: page.description,
    // An alias points search engines at the one canonical address.
    alternates: { canonical: CONTENT_ALIASES[path] ?? path },
  };
}

/**
 * A content page: rendered at build time (scripts/build-web.mjs runs a temporary API for the live
 * interface and case sections) and regenerated from the live API at most every five minutes —
 * each route file exports `revalidate`. A regeneration that cannot reach the API fails (the
 * sections throw), so the last good page stays served.
 */
export function ContentRoute({ path }: { path: string }) {
  return <ContentPage page={contentPage(path)} />;
}
