// Shapes of the seed data: the catalogue (interfaces with their docs and prices) and the
// content sections (news, cases, policies, knowledge base, banners, matrix, courses).
// Category ids are those of ../categories.ts (1 身份核验 … 11 政务数据).

export type ParamType = 'string' | 'int' | 'number' | 'boolean' | 'base64' | 'url';

export interface SeedParam {
  name: string;
  type: ParamType;
  required: boolean;
  /** Chinese, what the caller must send and in which format. */
  description: string;
  /** A value valid for the sandbox provider (fictitious person, checksum-valid ID number). */
  example: string;
}

export interface SeedField {
  /** Dotted path inside the answer, e.g. "data.result". */
  name: string;
  type: 'string' | 'int' | 'number' | 'boolean' | 'object' | 'array';
  description: string;
}

export interface SeedCode {
  /** "10000" success, "10001"… the interface's business outcomes. */
  code: string;
  message: string;
  /** Whether the call is charged when it answers this code. */
  billable: boolean;
}

export interface SeedPackage {
  calls: number;
  /** Price in fen (1 元 = 100 fen). */
  priceFen: number;
  validityDays: number;
}

export interface SeedInterface {
  id: number;
  categoryId: number;
  interfaceName: string;
  /** One line, ≤ 40 Chinese characters, shown on catalogue cards. */
  summary: string;
  /** 2–4 sentences: what it checks, data source class, typical use. */
  description: string;
  /** Gateway path /{domain}/{sub}/{id}; the last segment equals id. */
  path: string;
  params: SeedParam[];
  responseFields: SeedField[];
  codes: SeedCode[];
  /** Form fields of a sample call (the `key` parameter excluded). */
  sampleRequest: Record<string, string>;
  /** The full JSON answer of that sample call: {code, message, data, seqNo}. */
  sampleResponse: { code: string; message: string; data: unknown; seqNo: string };
  packages: SeedPackage[];
  labels: string[];
  /** Typical scenarios, each a short phrase. */
  scenarios: string[];
  isHot: boolean;
  isNew: boolean;
  /** Only callable after enterprise authentication is approved (gateway SYSTEM_008). */
  enterpriseOnly: boolean;
  /**
   * Its input can only come from a client SDK (a liveness capture, a carrier token): a call
   * declares the app in X-App-* headers, registered in 包名管理 (gateway SYSTEM_048).
   */
  sdk?: boolean;
}

export type NewsType = 1 | 2 | 3; // 1 行业资讯, 2 公司新闻, 3 领导视察

export interface SeedNews {
  id: number;
  type: NewsType;
  title: string;
  summary: string;
  /** Paragraphs of the article. */
  body: string[];
  /** ISO date, e.g. "2026-03-18". */
  publishedAt: string;
  source: string;
}

export type Industry = '互联网' | '保险' | '交通物流' | '金融科技' | '数字政府';

export interface SeedCase {
  id: number;
  industry: Industry;
  title: string;
  /** Described, never named: "某全国性财产保险公司". */
  customer: string;
  summary: string;
  challenge: string[];
  solution: string[];
  results: string[];
  interfaceIds: number[];
  publishedAt: string;
}

export interface SeedPolicy {
  id: number;
  title: string;
  issuer: string;
  /** Document number when the policy has one, e.g. "国办发〔2022〕xx号"; '' otherwise. */
  docNumber: string;
  issuedAt: string;
  summary: string;
  /** Our reading of the policy for customers, paragraphs. */
  body: string[];
  tags: string[];
}

export interface SeedKnowledge {
  id: number;
  /** One of the knowledge-base types, e.g. 接入指南, 产品百科, 合规指引, 常见问题, 行业方案. */
  type: string;
  title: string;
  summary: string;
  body: string[];
  interfaceIds: number[];
  publishedAt: string;
}

export interface SeedBanner {
  id: number;
  title: string;
  subtitle: string;
  /** Where the banner's button leads (a site path). */
  href: string;
  buttonText: string;
  /** Visual theme key the web maps to a gradient. */
  theme: 'blue' | 'teal' | 'orange' | 'purple';
  sort: number;
}

export interface SeedMatrixItem {
  id: number;
  /** A product line of the home page's product matrix. */
  title: string;
  description: string;
  interfaceIds: number[];
  sort: number;
}

export interface SeedCourse {
  id: number;
  title: string;
  summary: string;
  /** Minutes. */
  duration: number;
  level: '入门' | '进阶' | '实战';
  sort: number;
}
