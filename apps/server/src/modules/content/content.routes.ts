// Content calls of spec 01 §7.2: news, cases, policy readings, the knowledge base, the home
// page's blocks and the data-compliance audit form. Thin: parse, call one service, answer.
import { AUDIT_MSG, AuditCommitInput, LeadConsent, parseId } from '@apimarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { list, ok } from '../../http/envelope';
import { parseInput } from '../../http/parse';
import { auditIndustries, commitAudit } from './audit.service';
import { CaseListQuery, CaseRecommendQuery, caseComments, caseIndustries, getCase, listCases, recommendCases, succeededCases } from './cases.service';
import type { ContentCtx } from './content.shared';
import { listBanners, listCourses, listMatrix } from './home.service';
import {
  articlesOfType,
  getArticle,
  interfacesOfType,
  KnowledgeInfoQuery,
  KnowledgeListQuery,
  KnowledgeTypeQuery,
  knowledgeTypes,
  listArticles,
  mostReadArticles,
  newestPerType,
} from './knowledge.service';
import { getNews, listNews, NewsListQuery, newsTypes } from './news.service';
import { getPolicy, listPolicies, PolicyInfoQuery, PolicyListQuery } from './policy.service';

interface IdParams {
  id: string;
}

export async function contentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const ctxOf = (request: FastifyRequest): ContentCtx => ({ db, ip: request.ip });
  const fields = (request: FastifyRequest) => request.body ?? request.query;
  // A path id that is not a plain positive number names a page that does not exist: 404, not 400.
  const pathId = (request: FastifyRequest<{ Params: IdParams }>) => ({ id: parseId(request.params.id) });

  // ── News ───────────────────────────────────────────────────────────────────────────────────
  // Literal paths first: readers of this file should not need to know that find-my-way prefers
  // static segments over :id anyway.
  app.get('/api/news/getNewsType', async (request) => ok(await newsTypes({ ctx: ctxOf(request) })));
  app.get('/api/news/list', async (request) => {
    const { rows, total } = await listNews({ ctx: ctxOf(request), input: parseInput(NewsListQuery, request.query) });
    return list(rows, total);
  });
  app.get<{ Params: IdParams }>('/api/news/:id', async (request) => ok(await getNews({ ctx: ctxOf(request), input: pathId(request) })));

  // ── Cases ──────────────────────────────────────────────────────────────────────────────────
  app.post('/api/case/list', async (request) => {
    const { rows, total } = await listCases({ ctx: ctxOf(request), input: parseInput(CaseListQuery, fields(request)) });
    return list(rows, total);
  });
  app.get('/api/case/industry', async (request) => ok(await caseIndustries({ ctx: ctxOf(request) })));
  app.get('/api/case/succeed', async (request) => ok(await succeededCases({ ctx: ctxOf(request) })));
  app.get('/api/case/recommend', async (request) =>
    ok(await recommendCases({ ctx: ctxOf(request), input: parseInput(CaseRecommendQuery, request.query) })),
  );
  app.get('/api/case/comment', async (request) => ok(await caseComments({ ctx: ctxOf(request) })));
  app.get<{ Params: IdParams }>('/api/case/:id', async (request) => ok(await getCase({ ctx: ctxOf(request), input: pathId(request) })));

  // ── Policy readings ────────────────────────────────────────────────────────────────────────
  app.get('/api/policyPostWeb/getPostList', async (request) => {
    const { rows, total } = await listPolicies({ ctx: ctxOf(request), input: parseInput(PolicyListQuery, request.query) });
    return list(rows, total);
  });
  app.get('/api/policyPostWeb/getBaseInfo', async (request) =>
    ok(await getPolicy({ ctx: ctxOf(request), input: parseInput(PolicyInfoQuery, request.query) })),
  );

  // ── Knowledge base ─────────────────────────────────────────────────────────────────────────
  app.get('/api/knowledgeBase/getFivePicture', async (request) => ok(await mostReadArticles({ ctx: ctxOf(request) })));
  app.get('/api/knowledgeBase/getTypeList', async (request) => ok(await knowledgeTypes({ ctx: ctxOf(request) })));
  app.get('/api/knowledgeBase/getBaseList', async (request) => {
    const { rows, total } = await listArticles({ ctx: ctxOf(request), input: parseInput(KnowledgeListQuery, request.query) });
    return list(rows, total);
  });
  app.get('/api/knowledgeBase/getBaseInfo', async (request) =>
    ok(await getArticle({ ctx: ctxOf(request), input: parseInput(KnowledgeInfoQuery, request.query) })),
  );
  app.get('/api/knowledgeBase/getTenAllTypeList', async (request) => ok(await newestPerType({ ctx: ctxOf(request) })));
  app.get('/api/knowledgeBase/getListByType', async (request) =>
    ok(await articlesOfType({ ctx: ctxOf(request), input: parseInput(KnowledgeTypeQuery, request.query) })),
  );
  app.get('/api/knowledgeBase/getInterfaceByType', async (request) =>
    ok(await interfacesOfType({ ctx: ctxOf(request), input: parseInput(KnowledgeTypeQuery, request.query) })),
  );

  // ── Home page ──────────────────────────────────────────────────────────────────────────────
  // POST as the spec lists it; GET too, for server-rendered pages that read it.
  const bannerList = async (request: FastifyRequest) => ok(await listBanners({ ctx: ctxOf(request) }));
  app.post('/api/banner/list', bannerList);
  app.get('/api/banner/list', bannerList);
  app.get('/api/matrix/list', async (request) => ok(await listMatrix({ ctx: ctxOf(request) })));
  app.get('/api/course/list', async (request) => ok(await listCourses({ ctx: ctxOf(request) })));

  // ── Data-compliance audit ──────────────────────────────────────────────────────────────────
  app.post('/dataApi/audit/industry', async () => ok(auditIndustries()));
  app.post('/dataApi/audit/commit', async (request) => {
    const input = parseInput(AuditCommitInput, fields(request));
    // The form asks for a name and a phone: no request without the privacy tick (PIPL art. 14).
    parseInput(LeadConsent, fields(request));
    await commitAudit({ ctx: ctxOf(request), input, consentedAt: new Date() });
    return ok(null, AUDIT_MSG.committed);
  });
}
