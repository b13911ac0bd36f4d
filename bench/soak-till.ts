// The till of a soak run: the built `tillsync daemon --console` in its own process, on a
// fresh data folder against the given platform, with its metrics endpoint on loopback and
// its housekeeping's day shortened. Sales and a new key go in through the console's API
// (the Bearer token a script uses), as a till's own scripts would send them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../db/store.js';
import { databaseFile } from '../main/config/data-dir.js';
import { fileSecretStore } from '../main/config/secret-store.js';
import { HOUSEKEEPING_DAY_ENV } from '../main/housekeeping/housekeeping-clock.js';
import { BACKLOG_SALE } from './seed-backlog.js';

const tillsync = fileURLToPath(new URL('../bin/tillsync.js', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface SoakTillOptions {
  folder: string;
  baseUrl: string;
  key: string;
  /** Real ms in which the housekeeping's day passes. */
  housekeepingDayMs: number;
  /** Node options before the daemon's script (e.g. to take heap snapshots on a signal). */
  nodeArgs?: string[];
}

/** What the daemon's log said about its housekeeping, and its warnings and errors. */
export interface LogCounts {
  backups: number;
  integrityChecks: number;
  archived: number;
  /** When the first archiving run moved sales (performance.now()), if one did. */
  firstArchiveAt?: number;
  problems: number;
}

function counted(log: LogCounts, line: Log): void {
  if (line.msg === 'Daily backup written and verified') log.backups += 1;
  if (line.msg === 'The weekly database check found no damage') log.integrityChecks += 1;
  if (line.msg === 'Old synced sales moved to the yearly archives') {
    log.archived += line.moved ?? 0;
    log.firstArchiveAt ??= performance.now();
  }
  if ((line.level ?? 0) >= 40) log.problems += 1;
}

/** The lines the daemon logs at start: its console and metrics addresses. */
function startedLines(child: ChildProcess, tail: string[], log: LogCounts) {
  return new Promise<{ consoleUrl: string; tokenFile: string; metricsUrl: string }>(
    (resolve, reject) => {
      let metricsUrl = '';
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          tail.push(line);
          if (tail.length > 40) tail.shift();
          if (!line.startsWith('{')) continue;
          const parsed = JSON.parse(line) as Log;
          counted(log, parsed);
          if (/daemon started/.test(line)) metricsUrl = parsed.metrics ?? '';
          if (/Console listening/.test(line))
            resolve({ consoleUrl: parsed.console!, tokenFile: parsed.tokenFile!, metricsUrl });
        }
      });
      child.once('close', (code) =>
        reject(new Error(`the daemon exited (${code}):\n${tail.join('\n')}`)),
      );
    },
  );
}

interface Log {
  msg?: string;
  moved?: number;
  metrics?: string;
  console?: string;
  tokenFile?: string;
  level?: number;
}

export async function startSoakTill(options: SoakTillOptions) {
  const dataDir = join(options.folder, 'till');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    join(dataDir, 'config.json'),
    JSON.stringify({
      baseUrl: options.baseUrl,
      // Finding the platform back within a second of an outage's end.
      sync: { probeIntervalMs: 1000 },
      metrics: { listen: '127.0.0.1:0' },
    }),
  );
  await fileSecretStore(dataDir).write(options.key);
  // Two backups kept, and synced sales archived after a month of the housekeeping's time.
  const store = openStore(databaseFile(dataDir));
  store.settings.update({ backupsKept: 2, archiveAfterMonths: 1 });
  store.close();

  const tail: string[] = [];
  const log: LogCounts = { backups: 0, integrityChecks: 0, archived: 0, problems: 0 };
  // With the flag the shipped service gives it (packaging/systemd/tillsync.service).
  const args = [
    '--max-semi-space-size=4',
    ...(options.nodeArgs ?? []),
    tillsync,
    'daemon',
    '--console',
    '--console-port',
    '0',
  ];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      TILLSYNC_DATA_DIR: dataDir,
      [HOUSEKEEPING_DAY_ENV]: String(options.housekeepingDayMs),
    },
  });
  child.stderr.resume();
  const { consoleUrl, tokenFile, metricsUrl } = await startedLines(child, tail, log);
  const token = readFileSync(tokenFile, 'utf8').trim();

  async function call(method: string, body: unknown): Promise<{ ok: boolean }> {
    const response = await fetch(`${consoleUrl}/api/${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { ok: boolean };
  }

  return {
    pid: child.pid!,
    dataDir,
    databaseFile: databaseFile(dataDir),
    metricsUrl,
    loginUrl: `${consoleUrl}/login?token=${token}`,
    /** The daemon's last log lines, for a run that went wrong. */
    tail,
    log,
    /** One sale, as the till's API takes it: true when the till recorded it. */
    recordSale: async () => (await call('recordSale', BACKLOG_SALE)).ok,
    /** Saves a new key, as a person does in Settings: checked against the platform at once. */
    setApiKey: async (key: string) => (await call('setApiKey', { key })).ok,
    /** Sales not yet at the platform. */
    waiting: async () => {
      const response = await call('getStatus', {});
      const { counts } = (response as unknown as { value: { counts: Record<string, number> } })
        .value;
      return counts.pending! + counts.sending!;
    },
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('close', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

export type SoakTill = Awaited<ReturnType<typeof startSoakTill>>;
