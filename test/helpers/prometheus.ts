// A real Prometheus (and Pushgateway) for the monitoring tests: Debian's binaries, started
// on 127.0.0.1 with a generated configuration, queried through Prometheus's HTTP API.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Why the monitoring tests cannot run here, or undefined when they can. */
export function monitoringMissing(): string | undefined {
  const missing = ['prometheus', 'prometheus-pushgateway', 'promtool'].filter((c) => !has(c));
  if (missing.length === 0) return undefined;
  const why = `${missing.join(', ')} not found: install Debian's packages (apt-get install prometheus prometheus-pushgateway) to run these tests; CI installs them.`;
  if (process.env.CI) throw new Error(`CI must run the monitoring tests: ${why}`);
  return why;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function untilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${url} never answered: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function run(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    child,
    output: () => output.slice(-2000),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startPushgateway() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // In memory only: Debian's build keeps a file in /var/lib/prometheus by default, which
  // would carry one run's groups into the next.
  const process = run('prometheus-pushgateway', [
    `--web.listen-address=127.0.0.1:${port}`,
    '--persistence.file=',
  ]);
  await untilReady(`${url}/-/ready`, process.child, process.output);
  return { url, target: `127.0.0.1:${port}`, stop: process.stop };
}

export interface ScrapeJob {
  job: string;
  targets: string[];
  /** Keep the labels the targets send (a Pushgateway's job and till_id). */
  honorLabels?: boolean;
  bearerToken?: string;
}

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export async function startPrometheus(jobs: ScrapeJob[]) {
  const port = await freePort();
  const folder = tempDir();
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 900ms',
    'scrape_configs:',
    ...jobs.flatMap((job) => [
      `  - job_name: ${job.job}`,
      `    honor_labels: ${job.honorLabels ? 'true' : 'false'}`,
      ...(job.bearerToken ? [`    authorization: { credentials: ${job.bearerToken} }`] : []),
      `    static_configs: [{ targets: [${job.targets.map((t) => `'${t}'`).join(', ')}] }]`,
    ]),
  ].join('\n');
  writeFileSync(join(folder, 'prometheus.yml'), config);
  const url = `http://127.0.0.1:${port}`;
  const process = run('prometheus', [
    `--config.file=${join(folder, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(folder, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ]);
  await untilReady(`${url}/-/ready`, process.child, process.output);

  /** An instant query: each series' labels and value. */
  async function query(expression: string): Promise<Sample[]> {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    if (body.status !== 'success') throw new Error(`${expression}: ${body.error}`);
    return body.data.result.map((r) => ({ labels: r.metric, value: Number(r.value[1]) }));
  }

  return { url, query, stop: process.stop, output: process.output };
}
