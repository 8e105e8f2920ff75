// The public site's content that the web and the server must agree on: the news types, the
// data-compliance audit form (its industries, rules and Chinese messages), the filters and
// answers of the content calls (news, cases, policy readings, the knowledge base, the home
// page's blocks) and the calls themselves (contentApi).
import { z } from 'zod';
import { publicCall } from './declare';
import { DEFAULT_PAGE_SIZE, INDUSTRIES } from './constants';
import { LeadConsent } from './leads';
import { PageQuery, parseId } from './paging';
import { CompanyName, ContactName, LeadPhone } from './validation';

/** News types in the order the /news tabs show them (spec 01 §2.6: /news?type=1|2|3). */
export const NEWS_TYPES = [
  { type: 1, typeName: '行业资讯' },
  { type: 2, typeName: '公司新闻' },
  { type: 3, typeName: '领导视察' },
] as const;

/** The name of a news type, '' for a type the table does not know. */
export function newsTypeName(type: number): string {
  return NEWS_TYPES.find((t) => t.type === type)?.typeName ?? '';
}

/** The audit form offers the five solution industries and a catch-all for everyone else. */
export const AUDIT_INDUSTRIES = [...INDUSTRIES, '其他'] as const;
export type AuditIndustry = (typeof AUDIT_INDUSTRIES)[number];

export const AUDIT_CONTENT_MAX_LENGTH = 500;

export const AUDIT_MSG = {
  industry: '请选择所属行业',
  contentTooLong: `需求描述不能超过${AUDIT_CONTENT_MAX_LENGTH}个字`,
  committed: '提交成功，我们的数据合规顾问将在1个工作日内与您联系',
  throttled: '提交过于频繁，请稍后再试',
} as const;

// Trimmed before the enum so a select's stray whitespace still matches; anything else (missing,
// empty, not in the list) reads as "choose one", which is what the select asks.
const Industry = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.enum(AUDIT_INDUSTRIES, { error: AUDIT_MSG.industry }));

export const AuditCommitInput = z.object({
  companyName: CompanyName,
  contactName: ContactName,
  phone: LeadPhone,
  industry: Industry,
  content: z.string({ error: AUDIT_MSG.contentTooLong }).trim().max(AUDIT_CONTENT_MAX_LENGTH, AUDIT_MSG.contentTooLong).optional(),
});
export type AuditCommitInput = z.infer<typeof AuditCommitInput>;

/** audit/commit as the form sends it: the request and the privacy tick (PIPL art. 14). */
export const AuditCommitRequest = AuditCommitInput.extend(LeadConsent.shape);
export type AuditCommitRequest = z.infer<typeof AuditCommitRequest>;

// ── Filter fields ────────────────────────────────────────────────────────────────────────────
// A content list always answers (like PageQuery): a repeated field counts once, and a junk value
// filters to nothing instead of failing. (A control character never gets here: the input guard
// refuses it at the wire, Decision 123.)

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** Optional text filter: trimmed, '' or absent → undefined. */
export const OptionalText = z.preprocess((v) => {
  const s = first(v);
  if (typeof s === 'number') return String(s);
  return typeof s === 'string' ? s.trim() || undefined : undefined;
}, z.string().optional());

/** Optional integer filter: absent → undefined (no filter), junk → null (matches nothing). */
export const OptionalInt = OptionalText.transform((v) => (v === undefined ? undefined : parseId(v)));

/** An id that need not be valid: null when absent or junk (the call answers 404 or ignores it). */
export const LooseId = z.preprocess((v) => parseId(first(v)), z.number().nullable());

/**
 * A page of a public list: PageQuery, with pageNum and pageSize allowed to be left out (page 1
 * of the default size, which is what PageQuery makes of them anyway), so a caller names only
 * what it wants.
 */
export const PublicPage = PageQuery.extend({
  pageNum: PageQuery.shape.pageNum.default(1),
  pageSize: PageQuery.shape.pageSize.default(DEFAULT_PAGE_SIZE),
});

export const KNOWLEDGE_TYPE_REQUIRED = '请选择知识库分类';

export const NewsListQuery = PublicPage.extend({ type: OptionalInt, keyword: OptionalText });
export type NewsListQuery = z.output<typeof NewsListQuery>;

export const CaseListQuery = PublicPage.extend({ industry: OptionalText });
export type CaseListQuery = z.output<typeof CaseListQuery>;

export const CaseRecommendQuery = z.object({ industry: OptionalText, excludeId: LooseId });
export type CaseRecommendQuery = z.output<typeof CaseRecommendQuery>;

export const PolicyListQuery = PublicPage.extend({ keyword: OptionalText, tag: OptionalText });
export type PolicyListQuery = z.output<typeof PolicyListQuery>;

export const KnowledgeListQuery = PublicPage.extend({ type: OptionalText, keyword: OptionalText });
export type KnowledgeListQuery = z.output<typeof KnowledgeListQuery>;

/** The calls that show one type cannot guess one: they ask the visitor to choose. */
export const KnowledgeTypeQuery = z.object({ type: OptionalText.pipe(z.string({ error: KNOWLEDGE_TYPE_REQUIRED })) });
export type KnowledgeTypeQuery = z.output<typeof KnowledgeTypeQuery>;

/** One entry by its id, in the path (news/{id}, case/{id}) or the query (getBaseInfo?id=). */
export const ContentIdQuery = z.object({ id: LooseId });
export type ContentIdQuery = z.output<typeof ContentIdQuery>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

/** A neighbour in a list: previous (newer) or next (older) entry. */
export const EntryLink = z.object({ id: z.number().int(), title: z.string() });
export type EntryLink = z.infer<typeof EntryLink>;

/** A catalogue interface a case, an article or the matrix links to (/api/{id}). */
export const InterfaceRef = z.object({ id: z.number().int(), interfaceName: z.string() });
export type InterfaceRef = z.infer<typeof InterfaceRef>;

/** The same with its one-line summary (the interfaces of a knowledge type). */
export const InterfaceLink = InterfaceRef.extend({ summary: z.string() });
export type InterfaceLink = z.infer<typeof InterfaceLink>;

const Paragraphs = z.array(z.string());
const Neighbours = { prev: EntryLink.nullable(), next: EntryLink.nullable() };

export const NewsTypeCount = z.object({ type: z.number().int(), typeName: z.string(), count: z.number().int() });
export type NewsTypeCount = z.infer<typeof NewsTypeCount>;

export const NewsItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  /** '' for a type the table does not know. */
  typeName: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  publishedAt: z.string(),
  views: z.number().int(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsDetail = NewsItem.extend({
  body: Paragraphs,
  ...Neighbours,
  /** The newest others of its type. */
  related: z.array(z.object({ id: z.number().int(), title: z.string(), publishedAt: z.string() })),
});
export type NewsDetail = z.infer<typeof NewsDetail>;

export const CaseIndustryCount = z.object({ industry: z.string(), count: z.number().int() });
export type CaseIndustryCount = z.infer<typeof CaseIndustryCount>;

/** A case as lists show it: the long challenge/solution/results stay on the detail page. */
export const CaseCard = z.object({
  id: z.number().int(),
  industry: z.string(),
  title: z.string(),
  customer: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
});
export type CaseCard = z.infer<typeof CaseCard>;

export const CaseDetail = CaseCard.extend({
  challenge: Paragraphs,
  solution: Paragraphs,
  results: Paragraphs,
  interfaces: z.array(InterfaceRef),
  ...Neighbours,
});
export type CaseDetail = z.infer<typeof CaseDetail>;

/** A customer voice: the first result a case measured. */
export const CaseComment = z.object({ caseId: z.number().int(), customer: z.string(), industry: z.string(), quote: z.string() });
export type CaseComment = z.infer<typeof CaseComment>;

export const PolicyItem = z.object({
  id: z.number().int(),
  title: z.string(),
  issuer: z.string(),
  docNumber: z.string(),
  issuedAt: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
});
export type PolicyItem = z.infer<typeof PolicyItem>;

export const PolicyDetail = PolicyItem.extend({ body: Paragraphs, ...Neighbours });
export type PolicyDetail = z.infer<typeof PolicyDetail>;

export const KnowledgeTypeCount = z.object({ type: z.string(), count: z.number().int() });
export type KnowledgeTypeCount = z.infer<typeof KnowledgeTypeCount>;

export const KnowledgeItem = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  views: z.number().int(),
});
export type KnowledgeItem = z.infer<typeof KnowledgeItem>;

export const KnowledgeDetail = KnowledgeItem.extend({ body: Paragraphs, interfaces: z.array(InterfaceRef), ...Neighbours });
export type KnowledgeDetail = z.infer<typeof KnowledgeDetail>;

export const MostReadArticle = z.object({ id: z.number().int(), title: z.string(), summary: z.string(), type: z.string() });
export type MostReadArticle = z.infer<typeof MostReadArticle>;

/** A knowledge type with its newest titles (the knowledge-base home). */
export const KnowledgeTypeTitles = z.object({ type: z.string(), items: z.array(EntryLink) });
export type KnowledgeTypeTitles = z.infer<typeof KnowledgeTypeTitles>;

export const HomeBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  href: z.string(),
  buttonText: z.string(),
  theme: z.string(),
  sort: z.number().int(),
});
export type HomeBanner = z.infer<typeof HomeBanner>;

export const MatrixItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  sort: z.number().int(),
  interfaces: z.array(InterfaceRef),
});
export type MatrixItem = z.infer<typeof MatrixItem>;

export const HomeCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  level: z.string(),
  sort: z.number().int(),
});
export type HomeCourse = z.infer<typeof HomeCourse>;

// ── The calls ────────────────────────────────────────────────────────────────────────────────

const NOT_FOUND = ['ALL_0011'] as const;

/** A public GET that takes no input and answers `data`. */
const read = <S extends z.ZodType>(path: string, summary: string, data: S) => publicCall({ method: 'GET', path, summary, answer: { data } });

/** A public GET of one entry by its id (path or query); an id that finds nothing answers 404. */
const detail = <S extends z.ZodType>(path: string, summary: string, data: S) =>
  publicCall({ method: 'GET', path, summary, input: ContentIdQuery, answer: { data }, fails: NOT_FOUND });

const bannerList = <M extends 'GET' | 'POST'>(method: M) =>
  publicCall({
    method,
    path: '/api/banner/list',
    summary: '首页轮播图（已发布，按排序）',
    answer: { data: z.array(HomeBanner) },
  });

/** The content calls of spec 01 §7.2: anyone may read what is published, and ask for an audit. */
export const contentApi = {
  // News
  newsTypes: read('/api/news/getNewsType', '新闻类型（含已发布条数）', z.array(NewsTypeCount)),
  news: publicCall({
    method: 'GET',
    path: '/api/news/list',
    summary: '新闻列表（按类型、标题关键词）',
    input: NewsListQuery,
    answer: { rows: NewsItem },
  }),
  newsDetail: detail('/api/news/:id', '新闻详情（阅读数加一；同类型的上一篇、下一篇与相关新闻）', NewsDetail),
  // Cases
  cases: publicCall({
    method: 'POST',
    path: '/api/case/list',
    summary: '客户案例列表（按行业）',
    input: CaseListQuery,
    answer: { rows: CaseCard },
  }),
  caseIndustries: read('/api/case/industry', '案例行业（五个行业及各自案例数）', z.array(CaseIndustryCount)),
  succeededCases: read('/api/case/succeed', '首页成功案例（最新）', z.array(CaseCard)),
  recommendedCases: publicCall({
    method: 'GET',
    path: '/api/case/recommend',
    summary: '更多案例（同行业优先）',
    input: CaseRecommendQuery,
    answer: { data: z.array(CaseCard) },
  }),
  caseComments: read('/api/case/comment', '客户评价（取自案例成效）', z.array(CaseComment)),
  caseDetail: detail('/api/case/:id', '案例详情（用到的接口、上一个与下一个）', CaseDetail),
  // Policy readings
  policies: publicCall({
    method: 'GET',
    path: '/api/policyPostWeb/getPostList',
    summary: '政策解读列表（关键词、标签）',
    input: PolicyListQuery,
    answer: { rows: PolicyItem },
  }),
  policyDetail: detail('/api/policyPostWeb/getBaseInfo', '政策解读详情', PolicyDetail),
  // Knowledge base
  mostRead: read('/api/knowledgeBase/getFivePicture', '知识库阅读最多的五篇', z.array(MostReadArticle)),
  knowledgeTypes: read('/api/knowledgeBase/getTypeList', '知识库分类（含文章数）', z.array(KnowledgeTypeCount)),
  knowledge: publicCall({
    method: 'GET',
    path: '/api/knowledgeBase/getBaseList',
    summary: '知识库文章列表（分类、关键词）',
    input: KnowledgeListQuery,
    answer: { rows: KnowledgeItem },
  }),
  knowledgeDetail: detail('/api/knowledgeBase/getBaseInfo', '知识库文章详情（阅读数加一；讲到的接口、同分类的上一篇与下一篇）', KnowledgeDetail),
  newestPerType: read('/api/knowledgeBase/getTenAllTypeList', '知识库各分类最新十篇', z.array(KnowledgeTypeTitles)),
  knowledgeOfType: publicCall({
    method: 'GET',
    path: '/api/knowledgeBase/getListByType',
    summary: '知识库一个分类的全部文章',
    input: KnowledgeTypeQuery,
    answer: { data: z.array(KnowledgeItem) },
  }),
  interfacesOfType: publicCall({
    method: 'GET',
    path: '/api/knowledgeBase/getInterfaceByType',
    summary: '知识库一个分类讲到的接口',
    input: KnowledgeTypeQuery,
    answer: { data: z.array(InterfaceLink) },
  }),
  // The home page
  banners: bannerList('GET'),
  /** The banners by POST, as the spec lists the call (server components read them by GET). */
  bannersPost: bannerList('POST'),
  matrix: read('/api/matrix/list', '首页产品矩阵（含接口）', z.array(MatrixItem)),
  courses: read('/api/course/list', '视频课程', z.array(HomeCourse)),
  // Data-compliance audit
  auditIndustries: publicCall({
    method: 'POST',
    path: '/dataApi/audit/industry',
    summary: '数据合规审计可选行业',
    answer: { data: z.array(z.string()) },
  }),
  auditCommit: publicCall({
    method: 'POST',
    path: '/dataApi/audit/commit',
    summary: '提交数据合规审计需求（须勾选隐私政策）',
    input: AuditCommitRequest,
    answer: { data: z.null() },
  }),
};
