import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/core/src/db/schema.ts',
  out: './apps/core/drizzle',
});
