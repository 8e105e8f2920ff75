// Content calls of spec 01 §7.2 (declared in contracts' contentApi): news, cases, policy
// readings, the knowledge base, the home page's blocks and the data-compliance audit form.
// Thin: parse (the registrar does), call one service, answer.
import { AUDIT_MSG, contentApi } from '@apimarket/contracts';
import type { FastifyInstance } from 'fastify';
import { list, ok } from '../../http/envelope';
import { type RouteDeps, routes } from '../../http/route';
import { auditIndustries, commitAudit } from './compliance-request.service';
import { caseComments, caseIndustries, getCase, listCases, recommendCases, succeededCases } from './cases.service';
import { listBanners, listCourses, listMatrix } from './home.service';
import { articlesOfType, getArticle, interfacesOfType, knowledgeTypes, listArticles, mostReadArticles, newestPerType } from './knowledge.service';
import { getNews, listNews, newsTypes } from './news.service';
import { getPolicy, listPolicies } from './policy.service';

export async function contentRoutes(app: FastifyInstance, deps: RouteDeps) {
  const route = routes(app, deps);
  const { db } = deps;

  // ── News ───────────────────────────────────────────────────────────────────────────────────
  // Literal paths first: readers of this file should not need to know that find-my-way prefers
  // static segments over :id anyway.
  route(contentApi.newsTypes, async () => ok(await newsTypes(db)));
  route(contentApi.news, async ({ input }) => {
    const { rows, total } = await listNews(db, input);
    return list(rows, total);
  });
  route(contentApi.newsDetail, async ({ input }) => ok(await getNews(db, input)));

  // ── Cases ──────────────────────────────────────────────────────────────────────────────────
  route(contentApi.cases, async ({ input }) => {
    const { rows, total } = await listCases(db, input);
    return list(rows, total);
  });
  route(contentApi.caseIndustries, async () => ok(await caseIndustries(db)));
  route(contentApi.succeededCases, async () => ok(await succeededCases(db)));
  route(contentApi.recommendedCases, async ({ input }) => ok(await recommendCases(db, input)));
  route(contentApi.caseComments, async () => ok(await caseComments(db)));
  route(contentApi.caseDetail, async ({ input }) => ok(await getCase(db, input)));

  // ── Policy readings ────────────────────────────────────────────────────────────────────────
  route(contentApi.policies, async ({ input }) => {
    const { rows, total } = await listPolicies(db, input);
    return list(rows, total);
  });
  route(contentApi.policyDetail, async ({ input }) => ok(await getPolicy(db, input)));

  // ── Knowledge base ─────────────────────────────────────────────────────────────────────────
  route(contentApi.mostRead, async () => ok(await mostReadArticles(db)));
  route(contentApi.knowledgeTypes, async () => ok(await knowledgeTypes(db)));
  route(contentApi.knowledge, async ({ input }) => {
    const { rows, total } = await listArticles(db, input);
    return list(rows, total);
  });
  route(contentApi.knowledgeDetail, async ({ input }) => ok(await getArticle(db, input)));
  route(contentApi.newestPerType, async () => ok(await newestPerType(db)));
  route(contentApi.knowledgeOfType, async ({ input }) => ok(await articlesOfType(db, input)));
  route(contentApi.interfacesOfType, async ({ input }) => ok(await interfacesOfType(db, input)));

  // ── Home page ──────────────────────────────────────────────────────────────────────────────
  // POST as the spec lists it; GET too, for server-rendered pages that read it.
  route(contentApi.bannersPost, async () => ok(await listBanners(db)));
  route(contentApi.banners, async () => ok(await listBanners(db)));
  route(contentApi.matrix, async () => ok(await listMatrix(db)));
  route(contentApi.courses, async () => ok(await listCourses(db)));

  // ── Data-compliance audit ──────────────────────────────────────────────────────────────────
  route(contentApi.auditIndustries, async () => ok(auditIndustries()));
  // The form asks for a name and a phone: the declared input holds the privacy tick (PIPL art. 14).
  route(contentApi.auditCommit, async ({ input, request }) => {
    await commitAudit(db, request.ip, input);
    return ok(null, AUDIT_MSG.committed);
  });
}
