// What a content route file needs: its metadata and its body, both from the page's content.
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { CONTENT_ALIASES, contentPage } from '../../content/pages';
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
 * Rendered per request (like `/`): the live interface and case sections, and the layout's
 * footer lists, must never be frozen from a build-time render, when the API is not running.
 * Their API answers are memoised in the web process for a few minutes (lib/api/server.ts).
 */
export async function ContentRoute({ path }: { path: string }) {
  await connection();
  return <ContentPage page={contentPage(path)} />;
}
