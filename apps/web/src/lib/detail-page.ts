// The pages one record's id addresses (/api/{id}, /case/{id}, /news/{id}, /policy/{id},
// /knowlege/{id}): none is rendered ahead, and each reads its record once for metadata and body.
import { parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ServerCallOptions } from './api/server';

export interface DetailProps {
  params: Promise<{ id: string }>;
}

/** Every detail page's generateStaticParams: no id is rendered at build; each is rendered on its first visit, then kept. */
export async function noIdsAhead(): Promise<Array<{ id: string }>> {
  return [];
}

/**
 * The record of a detail page and its metadata. Reading some records counts a view on the
 * server, so the metadata and the page share one call: `read` is a serverCallDetail, which
 * remembers the answer for the ttl, and both ask with the same key. A non-numeric or unknown id is the 404 page.
 */
export function detailPage<T>(read: (id: number, options: ServerCallOptions) => Promise<T>, metadata: (record: T) => Metadata) {
  async function load({ params }: DetailProps): Promise<T> {
    const id = parseId((await params).id);
    if (id === null) notFound();
    return read(id, { ttl: 300 });
  }
  return { load, generateMetadata: async (props: DetailProps): Promise<Metadata> => metadata(await load(props)) };
}
