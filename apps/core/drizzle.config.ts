import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its own tables; drizzle-kit gathers them (db/ knows no module).
  schema: './apps/core/src/modules/*/schema.ts',
  out: './apps/core/drizzle',
});
