// The home page's operator-edited blocks: banners, the product matrix with its interfaces, and
// the video courses. Each is small and shown whole, so none is paged.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, courses, matrixItems } from '../../db/schema';
import { brief, interfaceLinks, PUBLISHED } from './content.shared';

export async function listBanners(db: Db) {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      subtitle: banners.subtitle,
      href: banners.href,
      buttonText: banners.buttonText,
      theme: banners.theme,
      sort: banners.sort,
    })
    .from(banners)
    .where(eq(banners.status, PUBLISHED))
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** Matrix items with their interfaces resolved in one lookup for the whole matrix. */
export async function listMatrix(db: Db) {
  const items = await db
    .select({
      id: matrixItems.id,
      title: matrixItems.title,
      description: matrixItems.description,
      sort: matrixItems.sort,
      interfaceIds: matrixItems.interfaceIds,
    })
    .from(matrixItems)
    .orderBy(asc(matrixItems.sort), asc(matrixItems.id));
  const links = brief(
    await interfaceLinks(
      db,
      items.flatMap((i) => i.interfaceIds),
    ),
  );
  const byId = new Map(links.map((l) => [l.id, l]));
  return items.map(({ interfaceIds, ...item }) => ({ ...item, interfaces: [...new Set(interfaceIds)].flatMap((id) => byId.get(id) ?? []) }));
}

export async function listCourses(db: Db) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      summary: courses.summary,
      duration: courses.duration,
      level: courses.level,
      sort: courses.sort,
    })
    .from(courses)
    .orderBy(asc(courses.sort), asc(courses.id));
}
