// CI check: each schema (the till's and the sandbox's) and its checked-in migrations agree. drizzle-kit check only
// validates the migration files; this also catches a schema edit whose migration was
// never generated, by generating into a scratch copy and expecting nothing new.
// drizzle-kit exits 0 even when generate fails, so success must be seen, not assumed.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';

// Relative on purpose: drizzle-kit prefixes --out with "./", which breaks absolute paths.
const scratch = '.migrations-check';
const sqlFiles = () => readdirSync(scratch).filter((name) => name.endsWith('.sql'));

const databases = [
  { schema: 'db/schema.ts', migrations: 'db/migrations', generate: 'npm run db:generate' },
  {
    schema: 'sandbox/db/schema.ts',
    migrations: 'sandbox/db/migrations',
    generate: 'npm run db:generate:sandbox',
  },
];

function check({ schema, migrations, generate }: (typeof databases)[number]): number {
  rmSync(scratch, { recursive: true, force: true });
  cpSync(migrations, scratch, { recursive: true });
  const before = sqlFiles();
  const run = spawnSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'sqlite', '--schema', `./${schema}`, '--out', scratch],
    { encoding: 'utf8' },
  );
  const output = `${run.stdout}${run.stderr}`;
  const added = sqlFiles().filter((name) => !before.includes(name));
  if (added.length > 0) {
    console.error(
      `${schema} has changes that no migration covers (drizzle-kit would add ${added.join(', ')}).\n` +
        `Run \`${generate} -- --name <what-changed>\` and commit the new migration.`,
    );
    return 1;
  }
  if (run.status !== 0 || !/No schema changes/i.test(output)) {
    console.error(`Could not compare ${schema} with its migrations:\n${output}`);
    return 1;
  }
  console.log(`Migrations match ${schema} (${before.length} migration(s)).`);
  return 0;
}

try {
  process.exitCode = Math.max(...databases.map(check));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
