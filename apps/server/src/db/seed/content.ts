// Seeds the public site's content. Rows keep their seed ids; rows already present are left as
// an editor may have changed them.
import type { Db } from '../client';
import { banners, cases, courses, knowledge, matrixItems, news, policies } from '../schema';
import { SEED_CASES } from './data/content/cases';
import { SEED_BANNERS, SEED_COURSES, SEED_MATRIX } from './data/content/home';
import { SEED_KNOWLEDGE } from './data/content/knowledge';
import { SEED_NEWS } from './data/content/news';
import { SEED_POLICIES } from './data/content/policies';

const day = (iso: string) => new Date(`${iso}T09:00:00+08:00`);

export async function seedContent(db: Db): Promise<void> {
  await db
    .insert(news)
    .values(SEED_NEWS.map((n) => ({ ...n, publishedAt: day(n.publishedAt) })))
    .onConflictDoNothing({ target: news.id });
  await db
    .insert(cases)
    .values(SEED_CASES.map((c) => ({ ...c, publishedAt: day(c.publishedAt) })))
    .onConflictDoNothing({ target: cases.id });
  await db
    .insert(policies)
    .values(SEED_POLICIES.map((p) => ({ ...p, issuedAt: day(p.issuedAt) })))
    .onConflictDoNothing({ target: policies.id });
  await db
    .insert(knowledge)
    .values(SEED_KNOWLEDGE.map((k) => ({ ...k, publishedAt: day(k.publishedAt) })))
    .onConflictDoNothing({ target: knowledge.id });
  await db.insert(banners).values(SEED_BANNERS).onConflictDoNothing({ target: banners.id });
  await db.insert(matrixItems).values(SEED_MATRIX).onConflictDoNothing({ target: matrixItems.id });
  await db.insert(courses).values(SEED_COURSES).onConflictDoNothing({ target: courses.id });
}
