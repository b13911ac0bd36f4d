import { defineConfig } from 'drizzle-kit';

// Migrations are generated from db/schema.ts, checked in, and applied in order at open.
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema.ts',
  out: './db/migrations',
});
