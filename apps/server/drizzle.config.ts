import { defineConfig } from 'drizzle-kit';

// Each module declares its tables in <module>.tables.ts; the platform keeps its own in platform/db/platform.tables.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/*.tables.ts', './src/modules/*/*.tables.ts'],
  out: './migrations',
});
