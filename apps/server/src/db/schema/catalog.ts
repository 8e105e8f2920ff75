// The catalogue: interfaces with their documentation, price packages and labels. Categories
// are in categories.ts. Documentation parts (parameters, fields, codes, samples) are JSON: they
// are read and written whole with their interface, never queried piecemeal.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { SeedCode, SeedField, SeedInterface, SeedParam } from '../seed/data/types';
import { createdAt, updatedAt } from './_columns';
import { categories } from './categories';

export const interfaces = pgTable(
  'interfaces',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    interfaceName: text('interface_name').notNull(),
    /** Lower-cased name for case-insensitive substring search (LIKE is far cheaper than ILIKE). */
    searchName: text('search_name').notNull(),
    summary: text('summary').notNull(),
    /** Gateway path /{domain}/{sub}/{id}. */
    path: text('path').notNull().unique(),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    enterpriseOnly: boolean('enterprise_only').notNull().default(false),
    /** Its input comes from a client SDK: a call declares its app, which must be registered in 包名管理 (gateway SYSTEM_048). */
    sdk: boolean('sdk').notNull().default(false),
    /** on_sale | off_sale (gateway SYSTEM_015 when off). */
    status: text('status').notNull().default('on_sale'),
    /** Shown in the header menu (menuDisplay filter). */
    menuDisplay: boolean('menu_display').notNull().default(false),
    /** Free calls one account may take once on this interface from its free test quota; 0: no trial. */
    trialCalls: integer('trial_calls').notNull().default(0),
    /** Popularity for the "hottest" order: calls over the last 30 days, kept by the gateway. */
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** Kept in step with price_packages and interface_labels (refreshListing), so a list never
     *  computes them per row. */
    priceFrom: bigint('price_from', { mode: 'number' }),
    labelNames: jsonb('label_names').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interfaces_listing_idx').on(t.status, t.sort, t.id),
    // 最新 (sortId 1): new interfaces first, then the newest, read in index order.
    index('interfaces_newest_idx').on(t.status, t.isNew, t.createdAt, t.id),
    index('interfaces_category_idx').on(t.categoryId, t.sort),
    // Substring search on names of three characters or more, through trigrams.
    index('interfaces_search_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/** An interface's documentation, apart from the narrow row every list scans. */
export const interfaceDocs = pgTable('interface_docs', {
  interfaceId: integer('interface_id')
    .primaryKey()
    .references(() => interfaces.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  params: jsonb('params').$type<SeedParam[]>().notNull(),
  responseFields: jsonb('response_fields').$type<SeedField[]>().notNull(),
  codes: jsonb('codes').$type<SeedCode[]>().notNull(),
  sampleRequest: jsonb('sample_request').$type<Record<string, string>>().notNull(),
  sampleResponse: jsonb('sample_response').$type<SeedInterface['sampleResponse']>().notNull(),
  scenarios: jsonb('scenarios').$type<string[]>().notNull(),
});

export const pricePackages = pgTable(
  'price_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id, { onDelete: 'cascade' }),
    calls: integer('calls').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    validityDays: integer('validity_days').notNull(),
    sort: integer('sort').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
  },
  (t) => [index('price_packages_interface_idx').on(t.interfaceId)],
);

export const labels = pgTable('labels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  labelName: text('label_name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

export const interfaceLabels = pgTable(
  'interface_labels',
  {
    interfaceId: integer('interface_id')
      .notNull()
      .references(() => interfaces.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.interfaceId, t.labelId] }), index('interface_labels_label_idx').on(t.labelId)],
);
