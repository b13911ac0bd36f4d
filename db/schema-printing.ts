// The print queue's table (re-exported by db/schema.ts, which drizzle-kit reads).
import { check, index, integer, sql, sqliteTable, text } from './drizzle.js';
import { PRINT_JOB_KINDS, PRINT_JOB_STATES } from '../domain/print-jobs.js';
import { sqlList } from './sql-list.js';

/**
 * What the till has to print, written in the same transaction as the sale, return or
 * drawer entry it belongs to. A job is claimed by one process at a time (`claimed_by`
 * until `claimed_until`, wall time: the app and the daemon may share the data folder) and
 * marked printed only when the printer took all of it.
 */
export const printJobs = sqliteTable(
  'print_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: PRINT_JOB_KINDS }).notNull(),
    ref: text('ref'),
    /** A report's roll lines as JSON, frozen when it was asked for. */
    lines: text('lines'),
    openDrawer: integer('open_drawer', { mode: 'boolean' }).notNull().default(false),
    reason: text('reason'),
    state: text('state', { enum: PRINT_JOB_STATES }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    lastProblem: text('last_problem'),
    createdAt: integer('created_at').notNull(),
    doneAt: integer('done_at'),
    claimedBy: text('claimed_by'),
    claimedUntil: integer('claimed_until'),
  },
  (table) => [
    index('print_jobs_waiting_idx')
      .on(table.id)
      .where(sql`${table.state} = 'waiting'`),
    index('print_jobs_ref_idx').on(table.ref),
    check('print_jobs_kind_valid', sql.raw(`"kind" in (${sqlList(PRINT_JOB_KINDS)})`)),
    check('print_jobs_state_valid', sql.raw(`"state" in (${sqlList(PRINT_JOB_STATES)})`)),
  ],
);
