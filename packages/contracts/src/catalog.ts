// The public catalogue (spec 01 §7.2): the search filter (spec 01 §3 "Search filter") and its
// sort orders, what each catalogue call answers, and the calls themselves (catalogApi).
import { z } from 'zod';
import { publicCall } from './declare';
import { INDUSTRIES, SEARCH_KEYWORD_MAX } from './constants';
import { PublicPage } from './content';
import { parseId } from './paging';

/** sortId: how a catalogue list is ordered. */
export const SORT_ORDERS = {
  0: '综合排序',
  1: '最新上架',
  2: '最受欢迎',
  3: '价格最低',
} as const;
export type SortId = keyof typeof SORT_ORDERS;

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
  z.number().int().positive().optional().catch(undefined),
);
// Every filter may be left out: the default is what the field makes of a missing value anyway.
const flag = z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'true', z.boolean()).default(false);

export const InterfaceSearch = PublicPage.extend({
  interfaceName: z
    .preprocess((v) => (typeof v === 'string' ? v : ''), z.string())
    .transform((v) => v.trim().slice(0, SEARCH_KEYWORD_MAX))
    .default(''),
  categoryId: optionalId,
  labelId: optionalId,
  sortId: z.preprocess((v) => Number(v), z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).catch(0)).default(0),
  isNew: flag,
  isHot: flag,
  menuDisplay: flag,
  /** Only these interfaces (comma-separated ids, at most 24): pages that name theirs. */
  ids: z
    .preprocess((v) => (typeof v === 'string' ? v : ''), z.string())
    .transform((v) =>
      v
        .split(',')
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0)
        .slice(0, 24),
    )
    .default(() => []),
});
export type InterfaceSearch = z.infer<typeof InterfaceSearch>;

/**
 * Where a keyword search found its words in one row, for the results page to mark: ranges
 * [start, end) in UTF-16 code units of interfaceName and summary (what was typed, a synonym, or
 * the characters pinyin letters spell), and the labels that matched. Only on keyword searches.
 */
const Ranges = z.array(z.tuple([z.number().int(), z.number().int()]));
export const SearchHighlight = z.object({
  interfaceName: Ranges,
  summary: Ranges,
  labels: z.array(z.string()),
});
export type SearchHighlight = z.infer<typeof SearchHighlight>;

/** Need matching (/api/marry): an industry and scenario, or a need in words (or both). */
export const InterfaceMatchInput = z
  .object({
    industry: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INDUSTRIES).optional().catch(undefined)),
    scenario: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 30) : undefined), z.string().optional()),
    need: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(200, '需求描述不能超过200个字')).transform((v) => v.trim()),
  })
  .refine((v) => v.industry !== undefined || v.need !== '', { message: '请选择行业场景或描述您的需求', path: ['need'] });
export type InterfaceMatchInput = z.infer<typeof InterfaceMatchInput>;

/** api/interface/list: every interface on sale, or those of one category (a junk id: all). */
export const InterfaceListInput = z.object({
  categoryId: z.preprocess((v) => (v ? Number(v) : undefined), z.number().int().positive().optional().catch(undefined)),
});
export type InterfaceListInput = z.infer<typeof InterfaceListInput>;

/** A path or field id: anything but a positive integer reads as none, and the call answers 404 (never 400). */
const FoundId = z.preprocess((v) => parseId(v), z.number().int().nullable());

/** api/interface/{id} and api/fee/{id}. */
export const CatalogIdInput = z.object({ id: FoundId });
export type CatalogIdInput = z.infer<typeof CatalogIdInput>;

/** api/fee/list: the packages of one interface. */
export const PackageListInput = z.object({ interfaceId: FoundId });
export type PackageListInput = z.infer<typeof PackageListInput>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

export const CatalogCategory = z.object({
  id: z.number().int(),
  categoryName: z.string(),
  /** A short slug the web maps to an icon. */
  icon: z.string(),
  description: z.string(),
  /** Interfaces on sale in it. */
  interfaceCount: z.number().int(),
});
export type CatalogCategory = z.infer<typeof CatalogCategory>;

export const CatalogLabel = z.object({
  id: z.number().int(),
  labelName: z.string(),
  /** Interfaces on sale carrying it. */
  count: z.number().int(),
});
export type CatalogLabel = z.infer<typeof CatalogLabel>;

/** An interface as every catalogue list shows it. */
export const InterfaceCard = z.object({
  id: z.number().int(),
  /** The same as id, under the name the purchase calls use. */
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  summary: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  icon: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  enterpriseOnly: z.boolean(),
  /** The cheapest on-sale package in fen; null when none is on sale (priced on request). */
  priceFrom: z.number().int().nullable(),
  labels: z.array(z.string()),
  /** Free calls an account may take once (myBuy/freeTrial); 0: no trial. */
  trialCalls: z.number().int(),
});
export type InterfaceCard = z.infer<typeof InterfaceCard>;

/** A search result: the card, and on keyword searches where the words were found. */
export const InterfaceHit = InterfaceCard.extend({ highlight: SearchHighlight.optional() });
export type InterfaceHit = z.infer<typeof InterfaceHit>;

/** The brief form of api/interface/list (menus, the site map, the trial picker). */
export const InterfaceBrief = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  interfaceName: z.string(),
  categoryId: z.number().int(),
  isHot: z.boolean(),
  isNew: z.boolean(),
});
export type InterfaceBrief = z.infer<typeof InterfaceBrief>;

export const PricePackage = z.object({
  id: z.number().int(),
  interfaceId: z.number().int(),
  calls: z.number().int(),
  priceFen: z.number().int(),
  validityDays: z.number().int(),
});
export type PricePackage = z.infer<typeof PricePackage>;

/** api/fee/{id}: a package with the name of its interface. */
export const PricePackageDetail = PricePackage.extend({ interfaceName: z.string() });
export type PricePackageDetail = z.infer<typeof PricePackageDetail>;

/** One documented parameter (the wire form of interface-doc's PageParam). */
export const InterfaceParam = z.object({
  name: z.string(),
  /** string, int, number, boolean, base64 or url. */
  type: z.string(),
  required: z.boolean(),
  description: z.string(),
  example: z.string(),
});
export type InterfaceParam = z.infer<typeof InterfaceParam>;

/** An interface's whole documentation page, with its packages on sale. */
export const InterfaceDetail = InterfaceCard.extend({
  /** The gateway path /{domain}/{sub}/{id}. */
  path: z.string(),
  /** An SDK interface: its calls declare an app registered in 包名管理 (X-App-* headers, SYSTEM_048). */
  sdk: z.boolean(),
  description: z.string(),
  params: z.array(InterfaceParam),
  responseFields: z.array(z.object({ name: z.string(), type: z.string(), description: z.string() })),
  codes: z.array(z.object({ code: z.string(), message: z.string(), billable: z.boolean() })),
  sampleRequest: z.record(z.string(), z.string()),
  /** The gateway's JSON answer to the sample call, as stored. */
  sampleResponse: z.unknown(),
  scenarios: z.array(z.string()),
  packages: z.array(PricePackage),
});
export type InterfaceDetail = z.infer<typeof InterfaceDetail>;

/** Need matching: an industry with the scenarios a visitor can pick. */
export const MatchOption = z.object({
  industry: z.string(),
  scenarios: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type MatchOption = z.infer<typeof MatchOption>;

/** A ranked interface for a need, with the reasons that weigh most (at most three). */
export const InterfaceMatch = InterfaceCard.pick({
  id: true,
  interfaceName: true,
  summary: true,
  categoryName: true,
  isHot: true,
  isNew: true,
  enterpriseOnly: true,
  priceFrom: true,
}).extend({ reasons: z.array(z.string()) });
export type InterfaceMatch = z.infer<typeof InterfaceMatch>;

const NOT_FOUND = ['ALL_0011'] as const;

const searchCall = <M extends 'GET' | 'POST'>(method: M) =>
  publicCall({
    method,
    path: '/api/interface/search',
    summary: '接口搜索与列表（筛选、关键词、排序、分页；关键词搜索带命中位置）',
    input: InterfaceSearch,
    // partial: no interface holds every word typed; the rows hold the most of them.
    answer: { rows: InterfaceHit, extra: { partial: z.literal(true).optional() } },
  });

const matchCall = <M extends 'GET' | 'POST'>(method: M) =>
  publicCall({
    method,
    path: '/api/interface/match',
    summary: '需求匹配：按行业场景或需求描述排出接口',
    input: InterfaceMatchInput,
    // understood: the needs read in the words typed, for the page to say back.
    answer: { rows: InterfaceMatch, extra: { understood: z.array(z.string()) } },
  });

/** The public catalogue calls of spec 01 §7.2. Nobody needs to be signed in to read the catalogue. */
export const catalogApi = {
  categories: publicCall({
    method: 'GET',
    path: '/api/category/list',
    summary: '接口分类（含在售接口数）',
    answer: { data: z.array(CatalogCategory) },
  }),
  search: searchCall('GET'),
  /** The same search, as the spec also allows it by POST. */
  searchPost: searchCall('POST'),
  list: publicCall({
    method: 'GET',
    path: '/api/interface/list',
    summary: '在售接口简表（可按分类）',
    input: InterfaceListInput,
    answer: { rows: InterfaceBrief },
  }),
  matchOptions: publicCall({
    method: 'GET',
    path: '/api/interface/matchOptions',
    summary: '需求匹配的行业与场景',
    answer: { data: z.array(MatchOption) },
  }),
  match: matchCall('GET'),
  matchPost: matchCall('POST'),
  detail: publicCall({
    method: 'GET',
    path: '/api/interface/:id',
    summary: '接口详情（文档、错误码、在售套餐）',
    input: CatalogIdInput,
    answer: { data: InterfaceDetail },
    fails: NOT_FOUND,
  }),
  labels: publicCall({
    method: 'GET',
    path: '/api/label/list',
    summary: '接口标签（含在售接口数）',
    answer: { data: z.array(CatalogLabel) },
  }),
  packages: publicCall({
    method: 'POST',
    path: '/api/fee/list',
    summary: '接口的在售套餐',
    input: PackageListInput,
    answer: { rows: PricePackage },
    fails: NOT_FOUND,
  }),
  package: publicCall({
    method: 'GET',
    path: '/api/fee/:id',
    summary: '套餐详情',
    input: CatalogIdInput,
    answer: { data: PricePackageDetail },
    fails: NOT_FOUND,
  }),
  testUrl: publicCall({
    method: 'GET',
    path: '/api/config/testUrl',
    summary: '接口网关地址（文档与示例代码使用）',
    answer: { data: z.object({ testUrl: z.string() }) },
  }),
};
