// bench:sync:memory — draining a large backlog must not load it whole.
//
// Seeds a backlog of N sales (100,000 by default), then drains it to the sandbox with the
// engine in a child process of its own, which reports its peak RSS; the baseline, in the
// same process, is its peak before the drain began. It runs twice: with Node's default
// young generation, and with --max-semi-space-size=4, the way Tillsync's long-running
// entry points start it (same throughput here, less memory kept for short-lived garbage).
// Target: peak under 150 MB. The child runs the compiled agent (the npm script builds it).
// Never fails on size.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBacklog } from './seed-backlog.js';
import { startSandboxProcess } from './servers.js';
import { fixed } from './stats.js';

// The flags of the `npm start` script (package.json) and the service unit.
const AGENT_NODE_FLAGS = ['--max-semi-space-size=4'];

const backlog = Number(process.env.BENCH_SALES ?? 100_000);
const child = fileURLToPath(new URL('./drain-child.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-memory-'));
const template = join(folder, 'template.db');

interface DrainResult {
  synced: number;
  seconds: number;
  beforeMb: number;
  peakMb: number;
}

function drain(file: string, url: string, key: string, flags: string[]): Promise<DrainResult> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [...flags, child, file, url, key], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    process_.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    process_.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(text.trim().split('\n').at(-1)!) as DrainResult)
        : reject(new Error(`drain exited ${code}`)),
    );
  });
}

console.log(`bench:sync:memory: seeding ${backlog} pending sales...`);
seedBacklog(template, backlog);
const sandbox = await startSandboxProcess(join(folder, 'sandbox.db'));
try {
  const rows = [];
  for (const [label, flags] of [
    ['node defaults', []],
    ['as shipped (--max-semi-space-size=4)', AGENT_NODE_FLAGS],
  ] as const) {
    const file = join(folder, `till-${rows.length}.db`);
    copyFileSync(template, file);
    console.log(`draining with ${label}, in a separate process (concurrency 8)...`);
    const result = await drain(file, sandbox.url, sandbox.key, [...flags]);
    rows.push({
      run: label,
      'sales drained': result.synced,
      'sales/s': Math.round(result.synced / result.seconds),
      'RSS before drain (MB)': result.beforeMb,
      'peak RSS (MB)': result.peakMb,
      'peak / before': fixed(result.peakMb / result.beforeMb, 2),
    });
  }
  console.table(rows);
  console.log(
    `peak RSS as shipped: ${rows[1]!['peak RSS (MB)']} MB for a ${backlog}-sale backlog (target < 150 MB)`,
  );
} finally {
  await sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
}
