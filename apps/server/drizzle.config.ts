import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration into ./drizzle from the schema files.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
