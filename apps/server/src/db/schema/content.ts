// The public site's content: news, cases, policy readings, the knowledge base, home banners,
// the product matrix and courses, and the data-compliance audit requests left for sales.
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contentId, createdAt, tstz, updatedAt } from './_columns';

const day = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** draft | published */
const status = () => text('status').notNull().default('published');

export const news = pgTable(
  'news',
  {
    id: contentId(),
    /** 1 行业资讯, 2 公司新闻, 3 领导视察 */
    type: integer('type').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: jsonb('body').$type<string[]>().notNull(),
    source: text('source').notNull(),
    publishedAt: day('published_at').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_type_published_idx').on(t.type, t.publishedAt)],
);

export const cases = pgTable(
  'cases',
  {
    id: contentId(),
    industry: text('industry').notNull(),
    title: text('title').notNull(),
    customer: text('customer').notNull(),
    summary: text('summary').notNull(),
    challenge: jsonb('challenge').$type<string[]>().notNull(),
    solution: jsonb('solution').$type<string[]>().notNull(),
    results: jsonb('results').$type<string[]>().notNull(),
    interfaceIds: jsonb('interface_ids').$type<number[]>().notNull(),
    publishedAt: day('published_at').notNull(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cases_industry_idx').on(t.industry, t.publishedAt)],
);

export const policies = pgTable('policies', {
  id: contentId(),
  title: text('title').notNull(),
  issuer: text('issuer').notNull(),
  docNumber: text('doc_number').notNull().default(''),
  issuedAt: day('issued_at').notNull(),
  summary: text('summary').notNull(),
  body: jsonb('body').$type<string[]>().notNull(),
  tags: jsonb('tags').$type<string[]>().notNull(),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const knowledge = pgTable(
  'knowledge',
  {
    id: contentId(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: jsonb('body').$type<string[]>().notNull(),
    interfaceIds: jsonb('interface_ids').$type<number[]>().notNull(),
    publishedAt: day('published_at').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('knowledge_type_idx').on(t.type, t.publishedAt)],
);

export const banners = pgTable('banners', {
  id: contentId(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  href: text('href').notNull(),
  buttonText: text('button_text').notNull(),
  theme: text('theme').notNull(),
  sort: integer('sort').notNull().default(0),
  status: status(),
});

export const matrixItems = pgTable('matrix_items', {
  id: contentId(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  interfaceIds: jsonb('interface_ids').$type<number[]>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const courses = pgTable('courses', {
  id: contentId(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  duration: integer('duration').notNull(),
  level: text('level').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const auditRequests = pgTable('audit_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyName: text('company_name').notNull(),
  contactName: text('contact_name').notNull(),
  phone: text('phone').notNull(),
  industry: text('industry').notNull(),
  /** What the customer wants audited, in their words. */
  content: text('content').notNull().default(''),
  ip: text('ip').notNull().default(''),
  /** new | contacted | closed (sales works them in the console). */
  state: text('state').notNull().default('new'),
  /** When the requester ticked the privacy notice (PIPL art. 14); NULL before it was asked. */
  consentedAt: tstz('consented_at'),
  createdAt: createdAt(),
});
