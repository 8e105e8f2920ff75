// The console's content editors (issue #10): news, cases, policy readings, the knowledge base and
// the home banners — the kinds, their public pages, the editor's rules with their Chinese messages.
import { z } from 'zod';
import { defineCall, operatorCalls } from './declare';
import { INDUSTRIES } from './constants';
import { CaseCard, HomeBanner, KnowledgeItem, NEWS_TYPES, NewsItem, PolicyItem } from './content';
import { PageQuery, parseId } from './paging';

export const CONTENT_KINDS = ['news', 'cases', 'policies', 'knowledge', 'banners'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_LABEL: Record<ContentKind, string> = {
  news: '新闻资讯',
  cases: '客户案例',
  policies: '政策解读',
  knowledge: '知识库',
  banners: '首页横幅',
};

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === 'string' && (CONTENT_KINDS as readonly string[]).includes(value);
}

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABEL: Record<ContentStatus, string> = { draft: '草稿', published: '已发布' };

/** The public list page of each kind (the spec's spelling: /knowlege). Banners live on the home. */
export const CONTENT_LIST_PATH: Record<ContentKind, string> = {
  news: '/news',
  cases: '/case',
  policies: '/policy',
  knowledge: '/knowlege',
  banners: '/',
};

/** Where a published item is read: its detail page, or the home for a banner. */
export function contentPublicPath(kind: ContentKind, id: number): string {
  return kind === 'banners' ? '/' : `${CONTENT_LIST_PATH[kind]}/${id}`;
}

/** The colour schemes the home page draws banners in (home.module.css [data-theme]). */
export const BANNER_THEMES = ['blue', 'teal', 'orange', 'purple'] as const;
export type BannerTheme = (typeof BANNER_THEMES)[number];
export const BANNER_THEME_LABEL: Record<BannerTheme, string> = { blue: '蓝色', teal: '青色', orange: '橙色', purple: '紫色' };

export const CONTENT_LIMITS = {
  title: 100,
  summary: 300,
  source: 50,
  customer: 50,
  issuer: 100,
  docNumber: 100,
  knowledgeType: 20,
  /** One paragraph (or one item of a case's challenge, solution or results). */
  paragraph: 2000,
  paragraphs: 100,
  /** All paragraphs of one field together. */
  text: 20_000,
  tags: 10,
  tag: 20,
  interfaces: 20,
  bannerTitle: 40,
  bannerSubtitle: 100,
  href: 200,
  buttonText: 10,
  sortMax: 9999,
  keyword: 50,
} as const;
const L = CONTENT_LIMITS;

export const CONTENT_MSG = {
  missing: '内容不存在，可能已被删除',
  titleRequired: '请填写标题',
  title: `标题最多 ${L.title} 字`,
  summaryRequired: '请填写摘要',
  summary: `摘要最多 ${L.summary} 字`,
  sourceRequired: '请填写来源',
  source: `来源最多 ${L.source} 字`,
  customerRequired: '请填写客户描述',
  customer: `客户描述最多 ${L.customer} 字`,
  issuerRequired: '请填写发布机关',
  issuer: `发布机关最多 ${L.issuer} 字`,
  docNumber: `文号最多 ${L.docNumber} 字`,
  newsType: '请选择新闻分类',
  industry: '请选择所属行业',
  knowledgeTypeRequired: '请填写知识库分类',
  knowledgeType: `知识库分类最多 ${L.knowledgeType} 字`,
  dateRequired: '请选择日期',
  date: '日期格式应为 YYYY-MM-DD',
  interfaces: '接口编号请填写数字，用逗号或空格分隔',
  interfacesMax: `最多关联 ${L.interfaces} 个接口`,
  interfacesUnknown: (ids: readonly number[]) => `接口编号 ${ids.join('、')} 不存在，请核对后再保存`,
  tag: `每个标签最多 ${L.tag} 字`,
  tagsMax: `最多 ${L.tags} 个标签`,
  bannerTitle: `横幅标题最多 ${L.bannerTitle} 字`,
  bannerSubtitleRequired: '请填写横幅说明',
  bannerSubtitle: `横幅说明最多 ${L.bannerSubtitle} 字`,
  hrefRequired: '请填写按钮链接',
  href: '按钮链接请填写以 / 开头的站内路径，或 http:// / https:// 开头的地址',
  hrefLong: `按钮链接最多 ${L.href} 个字符`,
  buttonTextRequired: '请填写按钮文字',
  buttonText: `按钮文字最多 ${L.buttonText} 字`,
  theme: '请选择配色',
  sort: `排序请填写 0-${L.sortMax} 的整数`,
  keyword: `关键词最多 ${L.keyword} 字`,
  status: '状态只能是草稿或已发布',
  created: '草稿已保存，预览无误后点击发布',
  saved: '已保存',
  unchanged: '内容没有变化，无需保存',
  stale: '该内容已被他人修改，请关闭后重新打开再编辑',
  published: '已发布',
  alreadyPublished: '已是发布状态',
  unpublished: '已下线',
  alreadyDraft: '已是下线状态',
  /** Appended to a publish, unpublish or edit of a published item, by how the web was told. */
  pagesRefreshed: '公开页面已刷新',
  pagesFailed: '但通知网站刷新失败，公开页面将在5分钟内自动更新',
  pagesLater: '公开页面将在5分钟内更新',
} as const;

/** A text's paragraphs: separated by a blank line, each trimmed, empty ones dropped. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** The editor's text for stored paragraphs: the inverse of splitParagraphs. */
export function joinParagraphs(paragraphs: readonly string[]): string {
  return paragraphs.join('\n\n');
}

// ── Field rules ──────────────────────────────────────────────────────────────────────────────

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A failed check that ends the field's checks, so each field reports one message. */
const stop = (error: string) => ({ error, abort: true });

const text = (required: string, max: number, tooLong: string) => z.preprocess(trimmed, z.string({ error: required }).min(1, stop(required)).max(max, tooLong));

/** A positive id, or the issue `message` (junk never becomes a number). */
const idOr =
  (message: string) =>
  (v: unknown, ctx: z.RefinementCtx): number => {
    const id = parseId(v);
    if (id !== null) return id;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };

/** Paragraphs edited as text (blank-line separated); a stored array passes as it is. */
const paragraphs = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? splitParagraphs(v) : v),
    z
      .array(z.string().max(L.paragraph, `${label}每段最多 ${L.paragraph} 字`), { error: `请填写${label}` })
      .min(1, stop(`请填写${label}`))
      .max(L.paragraphs, `${label}最多 ${L.paragraphs} 段`)
      .refine((ps) => ps.reduce((n, p) => n + p.length, 0) <= L.text, `${label}总共最多 ${L.text} 字`),
  );

/** A China day, as the date pickers send it. */
const day = z.preprocess(
  blankToUndefined,
  z
    .string({ error: CONTENT_MSG.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, CONTENT_MSG.date)
    .refine((d) => {
      // A real calendar day: 2024-02-30 parses to nothing or to another day.
      const at = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
    }, CONTENT_MSG.date),
);

/** A list an editor types in one box ("a, b，c d"), or one the form already split. */
function listItems(v: unknown): unknown {
  if (Array.isArray(v)) return v;
  if (v === undefined || v === null) return [];
  return String(v)
    .split(/[\s,，、;；]+/)
    .filter(Boolean);
}

/** Interface ids as an editor types them: "1882, 1979 2061" (duplicates count once). */
const interfaceIds = z.preprocess(
  listItems,
  z
    .array(z.union([z.string(), z.number()]).transform(idOr(CONTENT_MSG.interfaces)))
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length <= L.interfaces, CONTENT_MSG.interfacesMax),
);

const tags = z.preprocess(
  listItems,
  z
    .array(z.string().max(L.tag, CONTENT_MSG.tag))
    .transform((ts) => [...new Set(ts)])
    .refine((ts) => ts.length <= L.tags, CONTENT_MSG.tagsMax),
);

const title = text(CONTENT_MSG.titleRequired, L.title, CONTENT_MSG.title);
const summary = text(CONTENT_MSG.summaryRequired, L.summary, CONTENT_MSG.summary);

/** Absent or '' on a new item; an item's id when editing. */
const editId = z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).transform(idOr(CONTENT_MSG.missing)).optional());

/** The updatedAt the editor opened (ISO): a save over someone else's newer edit is refused. */
const version = z.preprocess(blankToUndefined, z.string().max(40).optional());

const newsType = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: CONTENT_MSG.newsType }).refine((n) => NEWS_TYPES.some((t) => t.type === n), CONTENT_MSG.newsType),
);

export const NewsSaveInput = z.object({
  id: editId,
  version,
  type: newsType,
  title,
  summary,
  source: text(CONTENT_MSG.sourceRequired, L.source, CONTENT_MSG.source),
  publishedAt: day,
  body: paragraphs('正文'),
});
export type NewsSaveInput = z.output<typeof NewsSaveInput>;

export const CaseSaveInput = z.object({
  id: editId,
  version,
  industry: z.preprocess(trimmed, z.enum(INDUSTRIES, { error: CONTENT_MSG.industry })),
  title,
  customer: text(CONTENT_MSG.customerRequired, L.customer, CONTENT_MSG.customer),
  summary,
  challenge: paragraphs('业务挑战'),
  solution: paragraphs('解决方案'),
  results: paragraphs('实施成效'),
  interfaceIds,
  publishedAt: day,
});
export type CaseSaveInput = z.output<typeof CaseSaveInput>;

export const PolicySaveInput = z.object({
  id: editId,
  version,
  title,
  issuer: text(CONTENT_MSG.issuerRequired, L.issuer, CONTENT_MSG.issuer),
  docNumber: z.preprocess((v) => (v === undefined || v === null ? '' : trimmed(v)), z.string().max(L.docNumber, CONTENT_MSG.docNumber)),
  issuedAt: day,
  summary,
  body: paragraphs('正文'),
  tags,
});
export type PolicySaveInput = z.output<typeof PolicySaveInput>;

export const KnowledgeSaveInput = z.object({
  id: editId,
  version,
  type: text(CONTENT_MSG.knowledgeTypeRequired, L.knowledgeType, CONTENT_MSG.knowledgeType),
  title,
  summary,
  body: paragraphs('正文'),
  interfaceIds,
  publishedAt: day,
});
export type KnowledgeSaveInput = z.output<typeof KnowledgeSaveInput>;

export const BannerSaveInput = z.object({
  id: editId,
  title: text(CONTENT_MSG.titleRequired, L.bannerTitle, CONTENT_MSG.bannerTitle),
  subtitle: text(CONTENT_MSG.bannerSubtitleRequired, L.bannerSubtitle, CONTENT_MSG.bannerSubtitle),
  href: z.preprocess(
    trimmed,
    z
      .string({ error: CONTENT_MSG.hrefRequired })
      .min(1, stop(CONTENT_MSG.hrefRequired))
      .max(L.href, stop(CONTENT_MSG.hrefLong))
      // A site path (never //host, which a browser reads as another site) or a web address.
      .regex(/^(?:\/(?![/\\])[^\s]*|https?:\/\/[^\s/]+[^\s]*)$/, CONTENT_MSG.href),
  ),
  buttonText: text(CONTENT_MSG.buttonTextRequired, L.buttonText, CONTENT_MSG.buttonText),
  theme: z.preprocess(trimmed, z.enum(BANNER_THEMES, { error: CONTENT_MSG.theme })),
  sort: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: CONTENT_MSG.sort }).int(CONTENT_MSG.sort).min(0, CONTENT_MSG.sort).max(L.sortMax, CONTENT_MSG.sort),
  ),
});
export type BannerSaveInput = z.output<typeof BannerSaveInput>;

export const CONTENT_SAVE_INPUT = {
  news: NewsSaveInput,
  cases: CaseSaveInput,
  policies: PolicySaveInput,
  knowledge: KnowledgeSaveInput,
  banners: BannerSaveInput,
} as const;

// ── Lists and ids ────────────────────────────────────────────────────────────────────────────

const optionalFilter = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max, message).optional());

/** One list query for every kind: a kind ignores the filters it has no column for. */
export const ContentListQuery = PageQuery.extend({
  keyword: optionalFilter(L.keyword, CONTENT_MSG.keyword),
  status: z.preprocess(blankToUndefined, z.enum(CONTENT_STATUSES, { error: CONTENT_MSG.status }).optional()),
  /** News: 1|2|3; knowledge: its type's name. */
  type: optionalFilter(L.knowledgeType, CONTENT_MSG.knowledgeType),
  industry: optionalFilter(20, CONTENT_MSG.industry),
});
export type ContentListQuery = z.output<typeof ContentListQuery>;

export const ContentIdInput = z.object({
  id: z.unknown().transform(idOr(CONTENT_MSG.missing)),
});
export type ContentIdInput = z.output<typeof ContentIdInput>;

// ── What the console calls answer ────────────────────────────────────────────────────────────

const contentStatus = z.enum(CONTENT_STATUSES);
const paragraphsShown = z.array(z.string());

/** What only the editor sees of an item: where it stands, and when it was made and last saved. */
const editorial = { status: contentStatus, createdAt: z.string(), updatedAt: z.string() };

// An item as the editor opens it: the public page's fields, the long texts and the editorial ones.
export const ConsoleNews = NewsItem.omit({ typeName: true }).extend({ body: paragraphsShown, ...editorial });
export type ConsoleNews = z.infer<typeof ConsoleNews>;

export const ConsoleCase = CaseCard.extend({
  challenge: paragraphsShown,
  solution: paragraphsShown,
  results: paragraphsShown,
  interfaceIds: z.array(z.number().int()),
  ...editorial,
});
export type ConsoleCase = z.infer<typeof ConsoleCase>;

export const ConsolePolicy = PolicyItem.extend({ body: paragraphsShown, ...editorial });
export type ConsolePolicy = z.infer<typeof ConsolePolicy>;

export const ConsoleKnowledge = KnowledgeItem.extend({ body: paragraphsShown, interfaceIds: z.array(z.number().int()), ...editorial });
export type ConsoleKnowledge = z.infer<typeof ConsoleKnowledge>;

export const ConsoleBanner = HomeBanner.extend({ status: contentStatus });
export type ConsoleBanner = z.infer<typeof ConsoleBanner>;

export interface ConsoleContentItem {
  news: ConsoleNews;
  cases: ConsoleCase;
  policies: ConsolePolicy;
  knowledge: ConsoleKnowledge;
  banners: ConsoleBanner;
}

/** A list row: the item without its long texts (a news row without its summary either). */
export const CONSOLE_CONTENT_ROW = {
  news: ConsoleNews.omit({ summary: true, body: true }),
  cases: ConsoleCase.omit({ challenge: true, solution: true, results: true }),
  policies: ConsolePolicy.omit({ body: true }),
  knowledge: ConsoleKnowledge.omit({ body: true }),
  banners: ConsoleBanner,
} as const;

/** Distributes over a union of kinds, so a row of any kind keeps its own columns. */
export type ConsoleContentRow<K extends ContentKind = ContentKind> = K extends ContentKind ? z.infer<(typeof CONSOLE_CONTENT_ROW)[K]> : never;

/** What save, publish and unpublish answer. */
export const ContentChange = z.object({
  id: z.number().int(),
  status: contentStatus,
  /** ISO time of the saved version (absent for banners), for the next save's `version`. */
  updatedAt: z.string().optional(),
  /** Whether the web was told to refresh the public pages: null when nothing public changed. */
  pages: z.enum(['refreshed', 'failed', 'later']).nullable(),
});
export type ContentChange = z.infer<typeof ContentChange>;

// ── The calls (area `content`: editors and admins), one group per kind ──────────────────────

/** list, detail, save, publish and unpublish under /console/content/<kind>/. */
function contentCalls<const K extends ContentKind, S extends z.ZodType, I extends z.ZodType, R extends z.ZodType>(kind: K, save: S, item: I, row: R) {
  const call = operatorCalls('content');
  const label = CONTENT_KIND_LABEL[kind];
  return {
    list: call({
      method: 'POST',
      path: `/console/content/${kind}/list`,
      summary: `${label}列表（运营后台，草稿在前）`,
      input: ContentListQuery,
      answer: { rows: row },
    }),
    detail: call({
      method: 'POST',
      path: `/console/content/${kind}/detail`,
      summary: `${label}详情（运营后台）`,
      input: ContentIdInput,
      answer: { data: item },
      fails: ['ALL_0011'],
    }),
    save: call({
      method: 'POST',
      path: `/console/content/${kind}/save`,
      summary: `新建或修改${label}（新建为草稿；修改已发布的内容即刷新公开页面）`,
      input: save,
      answer: { data: ContentChange },
      fails: ['ALL_0011', 'ALL_0013'],
    }),
    publish: call({
      method: 'POST',
      path: `/console/content/${kind}/publish`,
      summary: `发布${label}`,
      input: ContentIdInput,
      answer: { data: ContentChange },
      fails: ['ALL_0011'],
    }),
    unpublish: call({
      method: 'POST',
      path: `/console/content/${kind}/unpublish`,
      summary: `下线${label}`,
      input: ContentIdInput,
      answer: { data: ContentChange },
      fails: ['ALL_0011'],
    }),
  };
}

export const consoleNewsApi = contentCalls('news', NewsSaveInput, ConsoleNews, CONSOLE_CONTENT_ROW.news);
export const consoleCasesApi = contentCalls('cases', CaseSaveInput, ConsoleCase, CONSOLE_CONTENT_ROW.cases);
export const consolePoliciesApi = contentCalls('policies', PolicySaveInput, ConsolePolicy, CONSOLE_CONTENT_ROW.policies);
export const consoleKnowledgeApi = contentCalls('knowledge', KnowledgeSaveInput, ConsoleKnowledge, CONSOLE_CONTENT_ROW.knowledge);
export const consoleBannersApi = contentCalls('banners', BannerSaveInput, ConsoleBanner, CONSOLE_CONTENT_ROW.banners);

/** Each kind's calls, for the screens that serve every kind. */
export const CONSOLE_CONTENT_CALLS = {
  news: consoleNewsApi,
  cases: consoleCasesApi,
  policies: consolePoliciesApi,
  knowledge: consoleKnowledgeApi,
  banners: consoleBannersApi,
} as const;

export const consoleContentApi = {
  knowledgeTypes: defineCall({
    method: 'POST',
    path: '/console/content/knowledge/types',
    access: { operator: 'content' },
    summary: '知识库在用的分类（编辑时的建议）',
    answer: { data: z.array(z.string()) },
  }),
};

// ── Refreshing the public pages ──────────────────────────────────────────────────────────────
// On publish, unpublish or an edit of a published item the API asks the web (POST
// /__revalidate, the shared secret in a header) to drop its cached copies of the pages that show
// the item. The web regenerates them on their next visit instead of up to five minutes later.

export const REVALIDATE_PATH = '/__revalidate';
export const REVALIDATE_HEADER = 'x-revalidate-secret';

/** Every detail page of a kind: an item is also its neighbours' 上一篇/下一篇 and in their side lists. */
export const DETAIL_PATTERNS = ['/news/[id]', '/case/[id]', '/policy/[id]', '/knowlege/[id]', '/api/[id]'] as const;
export type DetailPattern = (typeof DETAIL_PATTERNS)[number];

/** Content blocks embedded in other pages: 'cases' is every solution or topic page with a case section. */
export const REVALIDATE_SECTIONS = ['cases'] as const;

export const RevalidateRequest = z.object({
  paths: z
    .array(
      z
        .string()
        .max(200)
        .regex(/^\/(?:[A-Za-z0-9_.\-[\]]+(?:\/[A-Za-z0-9_.\-[\]]+)*)?$/, '页面路径无效'),
    )
    .max(50),
  sections: z.array(z.enum(REVALIDATE_SECTIONS)).max(REVALIDATE_SECTIONS.length).default([]),
});
export type RevalidateRequest = z.output<typeof RevalidateRequest>;

/**
 * The public pages an item appears on: its list, its own page, every page of its kind (the
 * neighbours and side lists), the home for what the home shows (newest news, cases, banners),
 * and the news list whose side shows the most read knowledge articles.
 */
export function pagesShowing(kind: ContentKind, id: number): RevalidateRequest {
  switch (kind) {
    case 'news':
      return { paths: ['/', '/news', `/news/${id}`, '/news/[id]'], sections: [] };
    case 'cases':
      return { paths: ['/', '/case', `/case/${id}`, '/case/[id]'], sections: ['cases'] };
    case 'policies':
      return { paths: ['/policy', `/policy/${id}`, '/policy/[id]'], sections: [] };
    case 'knowledge':
      return { paths: ['/knowlege', `/knowlege/${id}`, '/knowlege/[id]', '/news'], sections: [] };
    case 'banners':
      return { paths: ['/'], sections: [] };
  }
}
