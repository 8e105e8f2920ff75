// API categories of the catalogue (身份核验, OCR 识别, …); the catalogue module owns them.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  categoryName: text('category_name').notNull(),
  /** A short slug the web maps to an icon. */
  icon: text('icon').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
