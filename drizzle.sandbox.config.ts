import { defineConfig } from 'drizzle-kit';

// The sandbox platform's own database, separate from the till's.
export default defineConfig({
  dialect: 'sqlite',
  schema: './sandbox/db/schema.ts',
  out: './sandbox/db/migrations',
});
