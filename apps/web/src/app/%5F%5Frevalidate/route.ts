// POST /__revalidate (the folder's %5F is an escaped "_": a plain _folder is private to Next):
// after an editor publishes, unpublishes or edits content, the API asks here that the pages
// showing it be rendered afresh on their next visit instead of up to five minutes later.
// Only a caller holding REVALIDATE_SECRET may ask; anyone else could empty the page cache.
import { createHash, timingSafeEqual } from 'node:crypto';
import { DETAIL_PATTERNS, type DetailPattern, firstMessage, REVALIDATE_HEADER, RevalidateRequest } from '@apimarket/contracts';
import { revalidatePath } from 'next/cache';
import { after } from 'next/server';
import { webConfig } from '@/config';
import { CONTENT_ALIASES, CONTENT_PAGES } from '@/content/pages';
import { forgetAnswers } from '@/lib/api/server';

/** Where each kind's detail pages live: revalidatePath names a pattern by its route folder. */
const ROUTE_FILES: Record<DetailPattern, string> = {
  '/news/[id]': '/(site)/news/[id]',
  '/case/[id]': '/(site)/case/[id]',
  '/policy/[id]': '/(site)/policy/[id]',
  '/knowlege/[id]': '/(site)/knowlege/[id]',
  '/api/[id]': '/(site)/api/[id]',
};

const MAX_BODY_CHARS = 16 * 1024;

const isPattern = (path: string): path is DetailPattern => (DETAIL_PATTERNS as readonly string[]).includes(path);

/** Compares digests, so neither the time taken nor a length check tells how much was right. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The content pages that embed live cases, by their own path and by every alias of it. */
function pagesWithCases(): string[] {
  const paths = CONTENT_PAGES.filter((p) => p.sections.some((s) => s.kind === 'cases')).map((p) => p.path);
  const aliases = Object.entries(CONTENT_ALIASES)
    .filter(([, target]) => paths.includes(target))
    .map(([alias]) => alias);
  return [...paths, ...aliases];
}

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function POST(request: Request): Promise<Response> {
  const secret = webConfig.revalidateSecret;
  if (secret === null) return answer(503, { ok: false, msg: '网站未设置 REVALIDATE_SECRET，不接受刷新请求' });
  if (!sameSecret(request.headers.get(REVALIDATE_HEADER) ?? '', secret)) return answer(401, { ok: false, msg: '刷新请求未授权' });

  let body: unknown;
  try {
    const text = await request.text();
    if (text.length > MAX_BODY_CHARS) return answer(413, { ok: false, msg: '刷新请求过大' });
    body = JSON.parse(text);
  } catch {
    return answer(400, { ok: false, msg: '刷新请求应为 JSON' });
  }
  const parsed = RevalidateRequest.safeParse(body);
  if (!parsed.success) return answer(400, { ok: false, msg: firstMessage(parsed.error) });
  const unknown = parsed.data.paths.filter((p) => p.includes('[') && !isPattern(p));
  if (unknown.length > 0) return answer(400, { ok: false, msg: `未知的页面模式：${unknown.join('、')}` });

  // The remembered API answers first: a page rendered next must not be filled from them.
  forgetAnswers();
  const revalidated: string[] = [];
  for (const path of parsed.data.paths) {
    if (isPattern(path)) revalidatePath(ROUTE_FILES[path], 'page');
    else revalidatePath(path);
    revalidated.push(path);
  }
  if (parsed.data.sections.includes('cases')) {
    for (const path of pagesWithCases()) {
      revalidatePath(path);
      revalidated.push(path);
    }
  }
  // A path marked here is rendered afresh on its next visit, and that first visit may still be
  // served the old page while the new one renders. So this process visits each named page itself
  // once the answer has gone: the reader who comes next gets the new page.
  const own = new URL(request.url).origin;
  const concrete = revalidated.filter((path) => !path.includes('['));
  after(() => primePages(own, concrete));
  return answer(200, { ok: true, revalidated });
}

async function primePages(origin: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    try {
      const res = await fetch(new URL(path, origin), { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
    } catch {
      // A page that cannot be visited now is rendered for its next reader instead.
    }
  }
}
